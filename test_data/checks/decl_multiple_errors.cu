// check-variants: default
__shared__ int s1 = 1;
__global__ int k1() { return 0; }
__global__ void k2(int, ...) {}
__launch_bounds__(64) __device__ void f() {}
