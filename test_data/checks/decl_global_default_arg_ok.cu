// check-variants: default
__global__ void k(int n = 3) {}
void h() { k<<<1, 1>>>(); }
