// check-variants: default
__device__ auto f() { return 1; }
using T = decltype(f());
