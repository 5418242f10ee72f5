void f(void g(int)) { }
int later_fallback(int x) { return x; }
