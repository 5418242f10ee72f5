// check-variants: default
[[deprecated]] __device__ int f() { return 1; }
template <class T> __device__ T g() { return f(); }
