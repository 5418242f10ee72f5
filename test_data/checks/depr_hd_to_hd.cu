// check-variants: default
[[deprecated]] __host__ __device__ int f() { return 1; }
__host__ __device__ int g() { return f(); }
