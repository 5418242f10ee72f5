// check-variants: default
__device__ int f() { static __constant__ int c = 1; return c; }
__global__ void k(int *p) { *p = f(); }
