// check-variants: default
void h() {}
__global__ void k() { h(); h(); }
