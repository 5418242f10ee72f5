// check-variants: default
__device__ void d() { try {} catch (...) {} }
