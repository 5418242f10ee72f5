// check-variants: default; --expt-relaxed-constexpr
constexpr __device__ int c(int x) { return x + 1; }
__host__ __device__ int hd() { return c(1); }
