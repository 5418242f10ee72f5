// nvcc-flags: -rdc=true
static int f() { return 1; }
__device__ int h(int x) { return x; }
