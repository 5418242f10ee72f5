// check-variants: default
__global__ __host__ void k() {}
