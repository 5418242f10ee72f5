// check-variants: default
__host__ __device__ void hd() {}
__device__ void *d() { return (void *)&hd; }
