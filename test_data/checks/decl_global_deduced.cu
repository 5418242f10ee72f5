// check-variants: default
__global__ auto k() {}
