// check-variants: default
__device__ int d() { return 1; }
struct S { int v; S() : v(d()) {} };
