// check-variants: default
template <class... T, class U> __global__ void k2(U, T...) {}
