namespace n { extern "C" int cfun(int x) { return x; } }
int later_fallback(int x) { return x; }
