// check-variants: default; -Xcudafe --remarks; -diag-suppress 177; --Werror all-warnings
static __device__ void unused() {}
