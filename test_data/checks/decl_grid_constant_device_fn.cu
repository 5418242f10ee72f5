// check-variants: default
__device__ void f(__grid_constant__ const int x) {}
