__device__ int gcounter;
__device__ float gtable[64] = {1.0f, 2.0f, 3.0f};
__constant__ float ccoef[16];
__constant__ int cinit[4] = {4, 3, 2, 1};
__global__ void kvars(float *out) {
  __shared__ float sh[128];
  sh[threadIdx.x] = gtable[threadIdx.x % 64] * ccoef[threadIdx.x % 16] + cinit[threadIdx.x % 4];
  __syncthreads();
  atomicAdd(&gcounter, 1);
  out[threadIdx.x] = sh[127 - threadIdx.x];
}
