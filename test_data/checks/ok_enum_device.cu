// check-variants: default
enum class Op { Add, Mul };
__device__ int apply(Op o, int a, int b) { return o == Op::Add ? a + b : a * b; }
__global__ void k(int *p) { *p = apply(Op::Mul, 2, 3); }
