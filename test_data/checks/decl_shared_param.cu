// check-variants: default
__device__ void f(__shared__ int p) {}
