// check-variants: default
void host_only() {}
__device__ void dev_only() {}
__host__ __device__ void both() {
#ifdef __CUDA_ARCH__
  dev_only();
#else
  host_only();
#endif
}
