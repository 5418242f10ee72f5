// check-variants: default
__constant__ int v;
__host__ __device__ int hd() { return v; }
