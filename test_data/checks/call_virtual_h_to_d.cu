// check-variants: default
struct B { __device__ virtual void f() {} };
void h(B *b) { b->f(); }
