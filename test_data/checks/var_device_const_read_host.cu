// check-variants: default
__device__ const int v = 4;
int h() { return v; }
