// check-variants: default
void h() {}
template <class T> __host__ __device__ void inner(T) { h(); }
__host__ __device__ void outer() { inner(1); }
