// check-variants: default
template <class T> __global__ void k(T) {}
template <class T> void h() { struct L { T a; }; k<<<1, 1>>>(L{}); }
void g() { h<int>(); }
