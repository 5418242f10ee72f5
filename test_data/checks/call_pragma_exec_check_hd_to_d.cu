// check-variants: default
__device__ void d() {}
#pragma nv_exec_check_disable
__host__ __device__ void hd() { d(); }
