// check-variants: default
#pragma nv_diag_suppress 177
static __device__ void unused() {}
