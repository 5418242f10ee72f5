int x;
extern int y;
int later_fallback(int x) { return x; }
