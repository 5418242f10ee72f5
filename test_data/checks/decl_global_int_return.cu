// check-variants: default
__global__ int k() { return 0; }
