// check-variants: default
__constant__ int c;
__device__ void d() { c++; }
