// check-variants: default
__device__ void d() {}
__host__ void h() { d(); }
