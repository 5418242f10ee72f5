// check-variants: default
__global__ void k() { __shared__ int z[0]; (void)z; }
