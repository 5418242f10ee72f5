// check-variants: default
__attribute__((unavailable("no"))) __device__ int f() { return 1; }
__device__ int d() { return f(); }
