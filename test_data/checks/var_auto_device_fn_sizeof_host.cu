// check-variants: default
__device__ auto f() { return 1; }
void h() { (void)sizeof(f()); }
