// check-variants: default
__device__ int v;
__host__ __device__ int hd() { return v; }
