// check-variants: default
__constant__ int ca[4];
struct P { int x; };
__constant__ P cp;
__global__ void k() { ca[0] = 1; cp.x = 2; }
