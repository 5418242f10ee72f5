// check-variants: default
struct S { static __device__ int m; };
__device__ int S::m;
