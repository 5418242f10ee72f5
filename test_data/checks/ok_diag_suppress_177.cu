// check-variants: -diag-suppress 177; -diag-suppress=declared_but_not_referenced
static __device__ void unused() {}
