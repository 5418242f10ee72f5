__device__ int d = 1;
int later_fallback(int x) { return x; }
