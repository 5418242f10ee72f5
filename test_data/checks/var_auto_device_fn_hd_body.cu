// check-variants: default
__device__ auto f() { return 1; }
__host__ __device__ void hd() { decltype(f()) x = 1; (void)x; }
