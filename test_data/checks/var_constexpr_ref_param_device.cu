// check-variants: default
constexpr int ci = 3;
__device__ int take(const int &r) { return r; }
__device__ int d() { return take(ci); }
