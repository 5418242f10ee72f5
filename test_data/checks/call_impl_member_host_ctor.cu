// check-variants: default
struct M { M() {} };
struct S { M m; };
__device__ void d() { S s; (void)s; }
