// check-variants: default
constexpr int arr[3] = {1, 2, 3};
__device__ int d() { constexpr int v = arr[1]; return v; }
