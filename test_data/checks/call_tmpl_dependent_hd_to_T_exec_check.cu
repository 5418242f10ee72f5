// check-variants: default
struct S { static int g() { return 1; } };
#pragma nv_exec_check_disable
template <class T> __host__ __device__ int f() { return T::g(); }
__global__ void k(int *p) { *p = f<S>(); }
