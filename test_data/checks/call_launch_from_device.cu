// check-variants: default; -rdc=true
__global__ void child() {}
__device__ void d() { child<<<1, 1>>>(); }
