// check-variants: default
namespace n { __device__ int d(int x) { return x; } }
int h() { return n::d(1); }
