static int sv = 3;
int later_fallback(int x) { return x; }
