// check-variants: default
struct S { __global__ void k() {} };
