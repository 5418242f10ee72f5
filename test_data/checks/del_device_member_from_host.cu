// check-variants: default
struct S { __device__ void m() = delete; };
void h(S &s) { s.m(); }
