// check-variants: -std=c++20
consteval int five() { return 5; }
__device__ int f() { return five(); }
