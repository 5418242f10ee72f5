// check-variants: default
__device__ int d() { return 1; }
int x = d();
