// check-variants: default
__global__ void k(int &&r) {}
