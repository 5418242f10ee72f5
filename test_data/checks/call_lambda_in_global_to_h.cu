// check-variants: default
void h() {}
__global__ void k(int *p) { auto l = [] { h(); }; l(); }
