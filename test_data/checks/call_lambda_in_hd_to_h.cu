// check-variants: default
void h() {}
__host__ __device__ void hd() { auto l = [] { h(); }; l(); }
