// check-variants: --expt-relaxed-constexpr
constexpr int sq(int x) { return x * x; }
__device__ int f(int x) { return sq(x); }
