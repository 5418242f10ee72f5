// check-variants: default
__global__ void k(int *c, float *f) { atomicAdd(c, 1); atomicMax(c + 1, 3); atomicAdd(f, 1.0f); }
