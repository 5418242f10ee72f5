// check-variants: default
struct S { static int g() { return 1; } };
template <class T> __host__ __device__ int f() { return T::g(); }
template <class T> __host__ __device__ int w() { return f<T>(); }
__global__ void k(int *p) { *p = w<S>(); }
