// check-variants: default
__device__ void d() { int x = 0; static_cast<void>(x); }
