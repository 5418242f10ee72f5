// check-variants: default
int g();
__device__ int a = g();
