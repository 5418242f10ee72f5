// check-variants: default
template <class T> __global__ void k(T) {}
void h() { auto f = [] { enum E { a }; k<<<1, 1>>>(a); }; f(); }
