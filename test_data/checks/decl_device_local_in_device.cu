// check-variants: default
__device__ void d() { __device__ int v; (void)v; }
