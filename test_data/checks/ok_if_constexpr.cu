// check-variants: default
template <int N> __device__ int f() { if constexpr (N > 0) return N; else return -1; }
__global__ void k(int *p) { *p = f<3>() + f<0>(); }
