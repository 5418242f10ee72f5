// check-variants: default
void h() { __device__ int v; (void)v; }
