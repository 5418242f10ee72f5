// check-variants: default
__device__ int f() { static int a = 1; return a++; }
