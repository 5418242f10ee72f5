extern "C" int cf(int x) { return x; }
int later_fallback(int x) { return x; }
