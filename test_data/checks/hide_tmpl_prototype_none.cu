// check-variants: default
template <class T> void f(int U);
template <class T> struct S { template <class U> void m(U T2); };
__global__ void k() {}
