__managed__ int m = 1;
int later_fallback(int x) { return x; }
