// check-variants: default
__global__ void main() {}
