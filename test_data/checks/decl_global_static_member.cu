// check-variants: default
struct S { __global__ static void k() {} };
