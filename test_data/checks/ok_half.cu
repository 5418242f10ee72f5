// check-variants: default
#include <cuda_fp16.h>
__global__ void k(__half *h) { h[0] = __hadd(h[0], h[1]); }
