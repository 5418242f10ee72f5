// check-variants: default
int f();
const int ci = f();
__global__ void k(int *p) { *p = ci + 1; }
