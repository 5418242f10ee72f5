// check-variants: default
__device__ int f() { thread_local int b = 0; return b; }
