// check-variants: default
__device__ void d() {}
inline void h() { d(); }
