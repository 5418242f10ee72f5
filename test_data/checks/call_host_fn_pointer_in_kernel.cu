// check-variants: default
void h() {}
__global__ void k(void (**p)()) { *p = h; }
