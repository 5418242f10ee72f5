// check-variants: default
__device__ int dv[8];
unsigned long h() { return sizeof(dv); }
