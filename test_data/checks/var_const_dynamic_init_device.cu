// check-variants: default
int f();
const int ci = f();
__device__ int d() { return ci; }
