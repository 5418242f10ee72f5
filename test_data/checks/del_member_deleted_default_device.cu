// check-variants: default
struct M { M() = delete; };
struct S { M m; };
__device__ void d() { S s; (void)s; }
