// check-variants: default
int h() { return 1; }
__host__ __device__ int take(int x = h()) { return x; }
__global__ void k(int *p) { *p = take(); }
