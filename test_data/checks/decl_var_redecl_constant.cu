// check-variants: default
extern __device__ int v;
extern __constant__ int v;
