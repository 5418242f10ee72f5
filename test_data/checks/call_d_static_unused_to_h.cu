// check-variants: default
void h() {}
static __device__ void d() { h(); }
