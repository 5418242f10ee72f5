// check-variants: default
__attribute__((deprecated)) __device__ int f() { return 1; }
__global__ void k(int *p) { *p = f(); }
