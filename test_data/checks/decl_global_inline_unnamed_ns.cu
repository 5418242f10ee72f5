// check-variants: default
inline namespace { __global__ void k() {} }
