namespace a::b::c { int v = 2; }
int later_fallback(int x) { return x; }
