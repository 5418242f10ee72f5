// check-variants: default
struct S { static int g() { return 1; } };
struct U { static int g() { return 2; } };
template <class T> __host__ __device__ int f() { return T::g(); }
__global__ void k(int *p) { *p = f<S>() + f<U>(); }
