// check-variants: default; -rdc=true
__global__ void child() {}
__host__ __device__ void hd() { child<<<1, 1>>>(); }
