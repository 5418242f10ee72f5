// check-variants: default
struct S { S() {} };
__device__ void d() { S s; (void)s; }
