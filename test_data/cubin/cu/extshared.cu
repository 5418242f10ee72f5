extern __shared__ float dyn[];
__global__ void kext(float *out, int n) {
  dyn[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = dyn[(threadIdx.x + 1) % n];
}
__global__ void kext2(double *out) {
  extern __shared__ double dyn2[];
  dyn2[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = dyn2[0];
}
