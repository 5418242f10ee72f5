// check-variants: default
struct S { __device__ int x; };
