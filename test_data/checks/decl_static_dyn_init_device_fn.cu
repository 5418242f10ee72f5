// check-variants: default
__device__ int dg() { return 1; }
__device__ void d() { static int b = dg(); (void)b; }
