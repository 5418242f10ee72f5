// check-variants: default
#pragma nv_diag_suppress 177
static __device__ void u1() {}
#pragma nv_diag_default 177
static __device__ void u2() {}
