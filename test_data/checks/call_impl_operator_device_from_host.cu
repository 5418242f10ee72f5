// check-variants: default
struct V { int x; };
__device__ V operator+(V a, V b) { return {a.x + b.x}; }
V h(V a, V b) { return a + b; }
