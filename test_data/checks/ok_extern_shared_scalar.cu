// check-variants: default
__global__ void k() { extern __shared__ int one; one = 1; }
