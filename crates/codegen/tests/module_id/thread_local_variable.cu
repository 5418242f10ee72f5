thread_local int t = 1;
int later_fallback(int x) { return x; }
