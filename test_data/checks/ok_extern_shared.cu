// check-variants: default
__global__ void k(float *out) {
  extern __shared__ float dyn[];
  dyn[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = dyn[threadIdx.x];
}
void run(float *o) { k<<<1, 32, 32 * sizeof(float)>>>(o); }
