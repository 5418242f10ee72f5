// check-variants: default
struct P { int a, b; };
template <class T> __device__ void d(T p) { __shared__ auto [x, y] = p; (void)x; }
