// check-variants: default
template <class T> __global__ void k(T) {}
void h() { struct L { int a; }; L l; k<<<1, 1>>>(&l); }
