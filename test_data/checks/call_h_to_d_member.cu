// check-variants: default
struct S { __device__ void m() {} };
void h(S &s) { s.m(); }
