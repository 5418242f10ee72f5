// check-variants: default
__global__ void k() { int a[2] = {1, 2}; for (__shared__ int x : a) (void)x; }
