// check-variants: default
__device__ void d() {}
static __host__ __device__ void hd() { d(); }
