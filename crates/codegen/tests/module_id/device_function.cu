__device__ int f(int x) { return x; }
int later_fallback(int x) { return x; }
