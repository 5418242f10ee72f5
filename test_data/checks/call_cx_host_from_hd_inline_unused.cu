// check-variants: default; --expt-relaxed-constexpr
constexpr int c(int x) { return x + 1; }
inline __host__ __device__ int hd() { return c(1); }
