// check-variants: default
__global__ auto k() -> int { return 0; }
