// check-variants: default
__global__ void k() {}
__device__ void d() { k(); }
