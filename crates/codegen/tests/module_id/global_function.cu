__global__ void k(int *p) { }
int later_fallback(int x) { return x; }
