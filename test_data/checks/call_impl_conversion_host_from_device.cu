// check-variants: default
struct V { operator int() const { return 1; } };
__device__ int d(V v) { return v; }
