// check-variants: -diag-suppress 20014; --Werror all-warnings
struct S { static int g() { return 1; } };
template <class T> __host__ __device__ int f() { return T::g(); }
__global__ void k(int *p) { *p = f<S>(); }
