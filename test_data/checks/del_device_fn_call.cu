// check-variants: default
__device__ void f() = delete;
__device__ void d() { f(); }
