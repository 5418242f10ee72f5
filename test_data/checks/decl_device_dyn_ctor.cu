// check-variants: default
struct S { __device__ S() {} };
__device__ S s;
