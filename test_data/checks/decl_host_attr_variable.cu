// check-variants: default
__device__ __host__ int v;
__host__ int w;
struct S { __host__ static int s; };
__host__ int a, b;
struct F { __host__ int f; };
