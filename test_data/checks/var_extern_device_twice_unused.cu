// check-variants: default
extern __device__ int u;
extern __device__ int u;
extern __device__ int arr[];
