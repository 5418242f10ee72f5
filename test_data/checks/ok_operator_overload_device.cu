// check-variants: default
struct V { float x; };
__device__ V operator+(V a, V b) { return {a.x + b.x}; }
__global__ void k(V *v) { v[0] = v[1] + v[2]; }
