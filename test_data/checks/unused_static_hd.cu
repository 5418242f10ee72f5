// check-variants: default
static __host__ __device__ void hd() {}
