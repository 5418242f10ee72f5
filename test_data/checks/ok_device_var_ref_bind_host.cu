// check-variants: default
__device__ int dv;
void h() { int &r = dv; (void)r; }
