// check-variants: default
__device__ void d() {}
#pragma hd_warning_disable
__host__ __device__ void hd() { d(); }
