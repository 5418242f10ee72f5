// check-variants: default
__global__ void k(__grid_constant__ int x) {}
