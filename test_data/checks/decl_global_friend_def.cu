// check-variants: default
struct S { friend __global__ void k(S) {} };
