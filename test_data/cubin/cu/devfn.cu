__device__ __noinline__ int helper(int x) { return x * 3 + 1; }
__device__ __noinline__ float fhelper(float x, float y) { return x * y - 2.0f; }
__global__ void kcall(int *out) { out[threadIdx.x] = helper(threadIdx.x); }
__global__ void kcall2(float *out, float a) { out[threadIdx.x] = fhelper(a, out[threadIdx.x]) + helper(2); }
