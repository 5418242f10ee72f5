// check-variants: default
__device__ void d() { throw 1; }
