// check-variants: default
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *p) { auto b = cg::this_thread_block(); b.sync(); p[b.thread_rank()] = 0; }
