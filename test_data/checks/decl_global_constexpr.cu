// check-variants: default
constexpr __global__ void k() {}
