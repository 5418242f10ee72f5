// check-variants: default
__device__ void d() { float *p = 2.0f; (void)p; }
