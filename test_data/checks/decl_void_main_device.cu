// check-variants: default
__device__ void main() {}
