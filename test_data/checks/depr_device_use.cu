// check-variants: default
[[deprecated]] __device__ int f() { return 1; }
__device__ int d() { return f(); }
