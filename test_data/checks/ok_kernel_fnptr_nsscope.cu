// check-variants: default
__global__ void k(int *) {}
__device__ void d(int *) {}
void (*pk)(int *) = k;
void (*pd)(int *) = d;
