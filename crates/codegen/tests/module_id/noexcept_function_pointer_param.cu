void f(int (*)(double) noexcept) { }
int later_fallback(int x) { return x; }
