// check-variants: default
struct P { int a, b; };
__device__ P p;
__managed__ auto [x, y] = p;
