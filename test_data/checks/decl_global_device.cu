// check-variants: default
__global__ __device__ void k() {}
