// check-variants: default
struct P { int a, b; };
__device__ P p;
struct S { static __device__ void f() { __managed__ auto [x, y] = p; (void)y; } };
