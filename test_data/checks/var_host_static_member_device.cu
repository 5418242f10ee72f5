// check-variants: default
struct S { static int m; };
__device__ int d() { return S::m; }
