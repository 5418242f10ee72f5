#include <cassert>
__global__ void kassert(const int *v, int n) { assert(v[threadIdx.x] < n); }
