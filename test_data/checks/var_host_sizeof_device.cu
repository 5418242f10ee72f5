// check-variants: default
int hv;
__device__ unsigned long d() { return sizeof(hv); }
