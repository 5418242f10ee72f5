__constant__ float c[2] = {1, 2};
int later_fallback(int x) { return x; }
