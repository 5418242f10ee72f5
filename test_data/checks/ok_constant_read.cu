// check-variants: default
__constant__ float coef[4];
__global__ void k(float *o) { o[threadIdx.x] = coef[threadIdx.x % 4]; }
void setup(const float *h) { cudaMemcpyToSymbol(coef, h, sizeof(coef)); }
