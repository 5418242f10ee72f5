// check-variants: -std=c++20
template <class T> concept Small = sizeof(T) <= 4;
template <Small T> __device__ T id(T x) { return x; }
__global__ void k(int *p) { *p = id(*p); }
