// check-variants: default
extern __managed__ int m;
__managed__ int m;
extern __device__ int w;
extern __device__ int w = 2;
