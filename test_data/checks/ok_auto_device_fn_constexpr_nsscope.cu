// check-variants: default
__device__ constexpr auto f() { return 1; }
using T = decltype(f());
