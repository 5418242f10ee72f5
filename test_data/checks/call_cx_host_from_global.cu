// check-variants: default; --expt-relaxed-constexpr
constexpr int c(int x) { return x + 1; }
__global__ void k(int *p) { *p = c(1); }
