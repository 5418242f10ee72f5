// check-variants: default
void h() {}
#pragma nv_exec_check_disable
__device__ void d() { h(); }
