// check-variants: default
int h() { return 1; }
__device__ int take(int x = h()) { return x; }
__host__ __device__ int caller() { return take(); }
