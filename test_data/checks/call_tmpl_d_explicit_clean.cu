// check-variants: default
template <class T> __device__ T f() { return 1; }
template int f<int>();
