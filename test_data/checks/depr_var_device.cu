// check-variants: default
[[deprecated("dv")]] __device__ int dv;
__device__ int d() { return dv; }
