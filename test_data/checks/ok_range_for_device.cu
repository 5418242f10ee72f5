// check-variants: default
__global__ void k(int *o) { int a[3] = {1, 2, 3}; int s = 0; for (int v : a) s += v; *o = s; }
