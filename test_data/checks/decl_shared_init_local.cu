// check-variants: default
__global__ void k() { __shared__ int s = 1; (void)s; }
