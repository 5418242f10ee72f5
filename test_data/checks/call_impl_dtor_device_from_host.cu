// check-variants: default
struct S { S() = default; __device__ ~S() {} };
void h() { S s; }
