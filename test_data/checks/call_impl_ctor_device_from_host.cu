// check-variants: default
struct S { __device__ S() {} };
void h() { S s; (void)s; }
