// check-variants: default
void h() {}
template <class T> __global__ void k(T) { h(); }
void run() { k<<<1, 1>>>(1); }
