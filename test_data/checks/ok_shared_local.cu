// check-variants: default
__global__ void k(int *out) {
  __shared__ int buf[32];
  buf[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = buf[31 - threadIdx.x];
}
