// check-variants: default
__device__ void f();
void f() {}
