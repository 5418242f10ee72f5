void f(int (&a)[4]) { }
int later_fallback(int x) { return x; }
