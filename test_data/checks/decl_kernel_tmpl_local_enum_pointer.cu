// check-variants: default
template <class T> __global__ void k(T) {}
void h() { enum E { a, b }; E e = b; k<<<1, 1>>>(&e); }
