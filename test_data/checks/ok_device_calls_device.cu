// check-variants: default
__device__ int sq(int x) { return x * x; }
__device__ int f(int x) { return sq(x) + 1; }
__global__ void k(int *p) { *p = f(*p); }
