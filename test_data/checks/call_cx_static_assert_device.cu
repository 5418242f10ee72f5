// check-variants: default; --expt-relaxed-constexpr
constexpr int c() { return 1; }
__device__ void d() { static_assert(c() == 1, ""); }
