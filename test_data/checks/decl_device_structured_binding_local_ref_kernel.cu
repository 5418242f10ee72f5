// check-variants: default
struct P { int a, b; };
__global__ void k(P p) { __constant__ auto &[x, y] = p; (void)x; }
