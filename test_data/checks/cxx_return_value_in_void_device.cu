// check-variants: default
__device__ void d(int *p) { return *p; }
