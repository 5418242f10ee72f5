// check-variants: default
constexpr int arr[3] = {1, 2, 3};
__device__ int d() { return arr[1]; }
