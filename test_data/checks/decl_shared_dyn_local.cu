// check-variants: default; -diag-suppress 20054
struct S { __device__ S() {} };
__global__ void k() { __shared__ S s; (void)s; }
