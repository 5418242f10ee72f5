__global__ void __launch_bounds__(256, 2) kbounded(float *a) { a[threadIdx.x] *= 2.0f; }
__global__ void __launch_bounds__(128) kbounded2(float *a, float *b) { a[threadIdx.x] += b[threadIdx.x]; }
__global__ void kcoop(int *a) { a[threadIdx.x] = __shfl_sync(0xffffffff, a[threadIdx.x], 0); }
