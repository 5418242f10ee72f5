// check-variants: -std=c++20
consteval int c() { return 1; }
__device__ int d() { return c(); }
