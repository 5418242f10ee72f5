// check-variants: default
__device__ int f() { static __shared__ int s; s = 1; return s; }
__global__ void k(int *p) { *p = f(); }
