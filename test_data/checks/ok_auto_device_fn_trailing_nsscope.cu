// check-variants: default
__device__ auto f() -> int { return 1; }
using T = decltype(f());
