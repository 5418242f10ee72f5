// check-variants: default
constexpr int ci = 3;
__device__ const int *d() { return &ci; }
