// check-variants: default
__global__ void __cluster_dims__(2, 1, 1) k(int *p) { p[0] = 1; }
