// check-variants: default
template <class T> __device__ T f() { return 1; }
template __device__ int f<int>();
