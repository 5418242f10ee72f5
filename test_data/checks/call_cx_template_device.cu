// check-variants: default; --expt-relaxed-constexpr
template <class T> constexpr T twice(T x) { return 2 * x; }
__device__ int d() { return twice(3); }
