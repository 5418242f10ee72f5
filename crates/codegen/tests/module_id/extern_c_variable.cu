extern "C" int cvar = 1;
int later_fallback(int x) { return x; }
