// check-variants: default
int a[1] = {1.5};
__global__ void k() {}
