// check-variants: default
void h() {}
inline __host__ __device__ void hd() { h(); }
