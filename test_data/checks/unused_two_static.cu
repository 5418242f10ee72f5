// check-variants: default
static __device__ void u1() {}
static __device__ void u2() {}
