// check-variants: default
__device__ auto f() { return 1; }
int v = f();
