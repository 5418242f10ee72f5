// check-variants: default
struct P { int a, b; };
__device__ void d(P p) { __device__ auto [x, y] = p; (void)x; }
