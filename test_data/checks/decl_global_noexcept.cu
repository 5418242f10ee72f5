// check-variants: default
__global__ void k() noexcept {}
