// check-variants: default
int h() { return 1; }
struct S { __device__ int take(int x = h()) { return x; } };
__device__ int caller(S &s) { return s.take(); }
