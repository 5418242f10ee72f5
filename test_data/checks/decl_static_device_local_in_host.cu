// check-variants: default
void h() { static __device__ int v; (void)v; }
