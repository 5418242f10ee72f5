// check-variants: default
struct M { M() {} int v = 0; };
__device__ int take(M m = M()) { return m.v; }
__device__ int caller() { return take(); }
