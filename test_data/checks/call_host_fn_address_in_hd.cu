// check-variants: default
void h() {}
__host__ __device__ void *f() { return (void *)&h; }
__global__ void k(void **p) { *p = f(); }
