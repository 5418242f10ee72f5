// check-variants: default
__global__ void __launch_bounds__(256, 2) k(float *p) { p[threadIdx.x] = 0.0f; }
