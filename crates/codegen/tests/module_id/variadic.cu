void f(int, ...) { }
int later_fallback(int x) { return x; }
