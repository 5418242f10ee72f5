// check-variants: default
int hv;
__device__ int *d() { return &hv; }
