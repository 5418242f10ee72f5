// check-variants: default
__device__ void d() {}
static __device__ void u() {}
void h() { d(); }
