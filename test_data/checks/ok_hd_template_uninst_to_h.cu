// check-variants: default
void h() {}
template <class T> __host__ __device__ void f(T) { h(); }
