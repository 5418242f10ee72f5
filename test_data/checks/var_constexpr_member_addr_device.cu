// check-variants: default
struct S { static constexpr int m = 4; };
__device__ const int *d() { return &S::m; }
