void f() noexcept { }
int later_fallback(int x) { return x; }
