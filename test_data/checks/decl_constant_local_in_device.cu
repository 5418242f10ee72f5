// check-variants: default
__device__ void d() { __constant__ int v; (void)v; }
