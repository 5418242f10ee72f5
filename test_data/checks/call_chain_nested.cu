// check-variants: default
void h() {}
__device__ void mid() { h(); }
__global__ void k() { mid(); }
