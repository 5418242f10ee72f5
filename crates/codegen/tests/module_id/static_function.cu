static int f() { return 1; }
int later_fallback(int x) { return x; }
