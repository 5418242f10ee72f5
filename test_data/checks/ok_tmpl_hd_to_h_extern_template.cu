// check-variants: default
int h() { return 1; }
template <class T> __host__ __device__ T f() { return h(); }
extern template int f<int>();
