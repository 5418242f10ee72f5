// check-variants: default; -rdc=true
inline __device__ int v = 1;
