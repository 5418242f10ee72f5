// check-variants: default
__device__ int d() { return 1; }
template <class T> T h() { return d(); }
