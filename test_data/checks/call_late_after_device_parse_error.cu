// check-variants: default
void h() {}
__device__ void d() { h(); }
__device__ void e() { throw 1; }
