// check-variants: default
__device__ auto f() { return 1; }
__device__ void d() { decltype(f()) x = 1; (void)x; }
__global__ void k(decltype(f()) p) {}
