// check-variants: default
template <class T> struct W { T t; };
template <class T> __global__ void k(T) {}
void h() { struct L { int a; }; k<<<1, 1>>>(W<L>{}); }
