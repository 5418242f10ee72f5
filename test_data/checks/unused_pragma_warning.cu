// check-variants: default
#pragma nv_diag_error 177
static __device__ void unused() {}
