// check-variants: default
struct Q { int a = 1; };
__device__ void d() { Q q; (void)q; }
