void f(int (*)(double)) { }
int later_fallback(int x) { return x; }
