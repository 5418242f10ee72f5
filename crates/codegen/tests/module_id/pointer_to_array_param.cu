void f(int (*a)[4][2]) { }
int later_fallback(int x) { return x; }
