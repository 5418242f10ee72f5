// check-variants: default
__constant__ int c;
__global__ void k() { c = 1; }
