// check-variants: default; --expt-relaxed-constexpr
constexpr __device__ int c(int x) { return x + 1; }
int h() { return c(1); }
