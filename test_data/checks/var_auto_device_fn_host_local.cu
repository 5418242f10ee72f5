// check-variants: default
__device__ auto f() { return 1; }
void h() { decltype(f()) x = 1; (void)x; }
