// check-variants: default
__device__ void d() {}
void h() { auto l = [] { d(); }; l(); }
