// check-variants: default
constexpr __device__ int v = 1;
constexpr __constant__ int c = 2;
__global__ void k(int *p) { *p = v + c; }
