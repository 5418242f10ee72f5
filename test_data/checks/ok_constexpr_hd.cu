// check-variants: default
constexpr __host__ __device__ int sq(int x) { return x * x; }
__global__ void k(int *p) { *p = sq(3); }
static_assert(sq(4) == 16, "sq");
