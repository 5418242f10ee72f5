// check-variants: default
__device__ int d(int x) { return x; }
__device__ int call(int (*f)(int), int x) { return f(x); }
__global__ void k(int *p) { *p = call(d, 3); }
