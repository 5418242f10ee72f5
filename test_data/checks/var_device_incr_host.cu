// check-variants: default
__device__ int v;
void h() { v++; }
