// check-variants: default
static union { int a; float b; };
__device__ int d() { return a; }
