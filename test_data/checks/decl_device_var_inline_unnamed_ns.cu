// check-variants: default
inline namespace { __device__ int v; }
