// check-variants: default
struct Params { int n; float a; };
__global__ void k(const __grid_constant__ Params p, float *o) { o[0] = p.a * p.n; }
