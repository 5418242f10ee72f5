// check-variants: default
#include <cstdio>
__global__ void k() { printf("%d\n", threadIdx.x); }
