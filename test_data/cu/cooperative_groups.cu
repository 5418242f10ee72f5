// Covers: cooperative groups: this_thread_block, thread_block::sync, tiled_partition (static
// size), thread_block_tile::shfl_down, cg::reduce with cg::plus, and a namespace alias for cg.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__device__ int tile_sum(cg::thread_block_tile<32> tile, int v)
{
    for (int i = tile.size() / 2; i > 0; i /= 2)
        v += tile.shfl_down(v, i);
    return v;
}

__global__ void kernel(const int *in, int *out)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    int v = in[block.thread_rank()];
    int manual = tile_sum(tile, v);
    int reduced = cg::reduce(tile, v, cg::plus<int>());
    block.sync();
    if (tile.thread_rank() == 0)
        atomicAdd(out, manual + reduced);
}

int main()
{
    int *in = nullptr;
    int *out = nullptr;
    cudaMalloc(&in, 128 * sizeof(int));
    cudaMalloc(&out, sizeof(int));
    kernel<<<1, 128>>>(in, out);
    cudaDeviceSynchronize();
    return 0;
}
