// check-variants: default
__device__ int d();
void h() { (void)sizeof(d()); decltype(d()) x = 0; (void)x; }
