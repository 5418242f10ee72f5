// check-variants: default
extern __shared__ int a[];
__global__ void k() { a[0] = 1; }
