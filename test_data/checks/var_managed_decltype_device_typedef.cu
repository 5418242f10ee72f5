// check-variants: default
__managed__ int m;
__device__ void d() { typedef decltype(m) T; T x = 0; (void)x; }
