// check-variants: default
__host__ __device__ int add(int a, int b) { return a + b; }
__host__ __device__ int twice(int a) { return add(a, a); }
__global__ void k(int *p) { *p = twice(*p); }
int host_use() { return twice(3); }
