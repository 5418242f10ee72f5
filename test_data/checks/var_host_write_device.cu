// check-variants: default
int hv;
__global__ void k() { hv = 1; }
