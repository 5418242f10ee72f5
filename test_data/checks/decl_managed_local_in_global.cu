// check-variants: default
__global__ void k() { __managed__ int v; (void)v; }
