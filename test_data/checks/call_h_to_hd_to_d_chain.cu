// check-variants: default
__device__ void d() {}
__host__ __device__ void hd() { d(); }
void h() { hd(); }
