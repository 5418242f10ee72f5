// check-variants: default
__device__ __managed__ int m1;
__device__ __constant__ int c1;
__device__ __shared__ int s1;
__global__ void k() { m1 = c1 + s1; }
