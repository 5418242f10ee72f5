// check-variants: default
void h() {}
inline __device__ void d() { h(); }
