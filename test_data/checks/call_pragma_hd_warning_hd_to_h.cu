// check-variants: default
void h() {}
#pragma hd_warning_disable
__host__ __device__ void hd() { h(); }
__global__ void k() { hd(); }
