// check-variants: default; -rdc=true
__global__ void k() {}
void h() { k(); }
