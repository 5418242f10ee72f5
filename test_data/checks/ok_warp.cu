// check-variants: default
__global__ void k(int *p) { int v = p[threadIdx.x]; v += __shfl_down_sync(0xffffffff, v, 1); p[threadIdx.x] = v; }
