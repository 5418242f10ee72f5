// check-variants: default
__device__ auto f() { return 1; }
using P = decltype(&f);
