// check-variants: default
void h() {}
#pragma nv_exec_check_disable
__host__ __device__ void hd() { h(); }
__global__ void k() { hd(); }
