// check-variants: -std=c++20
consteval __global__ void k() {}
