// check-variants: default
#include <cub/block/block_reduce.cuh>
__global__ void k(int *o) {
  using R = cub::BlockReduce<int, 128>;
  __shared__ typename R::TempStorage tmp;
  int s = R(tmp).Sum(threadIdx.x);
  if (threadIdx.x == 0) *o = s;
}
