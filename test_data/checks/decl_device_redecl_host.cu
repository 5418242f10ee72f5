// check-variants: default
__device__ void f();
__host__ void f() {}
