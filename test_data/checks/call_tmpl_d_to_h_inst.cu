// check-variants: default
void h() {}
template <class T> __device__ void d(T) { h(); }
__global__ void k() { d(1); }
