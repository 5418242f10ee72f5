// check-variants: default
void h() {}
#pragma nv_diag_suppress 20011
__host__ __device__ void hd() { h(); }
