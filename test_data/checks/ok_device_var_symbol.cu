// check-variants: default
__device__ int dv;
__global__ void k() { dv = 1; }
int get() { int v; cudaMemcpyFromSymbol(&v, dv, sizeof v); return v; }
