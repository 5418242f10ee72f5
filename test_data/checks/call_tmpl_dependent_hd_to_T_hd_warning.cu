// check-variants: default
struct S { static int g() { return 1; } };
#pragma hd_warning_disable
template <class T> __host__ __device__ int f() { return T::g(); }
int use() { return f<S>(); }
