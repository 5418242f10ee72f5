// check-variants: default
constexpr int f() { return 2; }
const int ci = f();
__device__ int d() { return ci; }
