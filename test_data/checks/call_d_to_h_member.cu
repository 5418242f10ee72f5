// check-variants: default
struct S { void m() {} };
__device__ void d(S &s) { s.m(); }
