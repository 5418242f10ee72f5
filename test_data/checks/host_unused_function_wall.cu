// check-variants: default; -Xcompiler -Wall
static int unused_fn() { return 3; }
__global__ void k(int *p) { *p = 1; }
