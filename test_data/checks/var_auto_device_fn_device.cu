// check-variants: default
__device__ auto f() { return 1; }
__device__ int g() { return f(); }
