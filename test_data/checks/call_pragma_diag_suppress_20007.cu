// check-variants: default
__device__ void d() {}
#pragma nv_diag_suppress 20007
void h() { d(); }
