// check-variants: default
__device__ int dv;
int *p = &dv;
