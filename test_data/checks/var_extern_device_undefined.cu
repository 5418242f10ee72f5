// check-variants: default; -rdc=true
extern __device__ int v;
__device__ int f() { return v; }
