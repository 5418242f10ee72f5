// check-variants: default; --expt-relaxed-constexpr
constexpr int c(int x) { return x + 1; }
__device__ int d() { return c(1); }
