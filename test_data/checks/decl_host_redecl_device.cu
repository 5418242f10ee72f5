// check-variants: default
void h();
__device__ void h() {}
