// check-variants: default
struct P { int a, b; };
P hp;
__device__ __host__ auto [x, y] = hp;
