// check-variants: default
static __device__ int d() { return 1; }
__global__ void k(int *p) { *p = d(); }
