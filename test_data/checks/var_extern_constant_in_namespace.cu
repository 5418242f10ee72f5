// check-variants: default
namespace n { extern __constant__ int c; }
__global__ void k(int *p) { *p = n::c; }
