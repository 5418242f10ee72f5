// check-variants: default
template <class T, int N> __global__ void k(T (&a)[N]) {}
