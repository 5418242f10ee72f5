// check-variants: default
__device__ int d() { return nope; }
