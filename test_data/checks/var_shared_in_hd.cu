// check-variants: default
__shared__ int v;
__host__ __device__ int hd() { return v; }
