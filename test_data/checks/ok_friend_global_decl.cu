// check-variants: default
struct S { friend __global__ void k(S); int v; };
__global__ void k(S s) {}
