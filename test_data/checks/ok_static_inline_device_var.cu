// check-variants: default
static __device__ int v = 1;
__global__ void k(int *p) { *p = v; }
