// check-variants: default
__device__ void d() { static __shared__ int b = 0; (void)b; }
