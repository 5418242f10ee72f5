void f(float4, int2 *) { }
int later_fallback(int x) { return x; }
