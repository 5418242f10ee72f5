constexpr int c = 3;
int later_fallback(int x) { return x; }
