// check-variants: default
int h() { return 1; }
template <class T> __device__ T f() { return h(); }
template int f<int>();
template float f<float>();
