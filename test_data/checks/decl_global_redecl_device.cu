// check-variants: default
__global__ void k1();
__device__ void k1() {}
