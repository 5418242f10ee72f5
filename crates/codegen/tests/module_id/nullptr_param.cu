void f(decltype(nullptr)) { }
int later_fallback(int x) { return x; }
