// check-variants: default
__device__ int count(int n, ...) { return n; }
__global__ void k(int *p) { *p = count(1, 2); }
