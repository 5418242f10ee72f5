// check-variants: default
__device__ int d() { return 1; }
template <class T> __host__ __device__ T f() { return d(); }
int use() { return f<int>(); }
