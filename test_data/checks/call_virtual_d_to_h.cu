// check-variants: default
struct B { virtual void f() {} };
__device__ void d(B *b) { b->f(); }
