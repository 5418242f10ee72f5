// check-variants: default
struct S { __device__ static int g() { return 1; } };
template <class T> int f() { return T::g(); }
int h() { return f<S>(); }
