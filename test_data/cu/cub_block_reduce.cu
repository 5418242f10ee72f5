// Covers: cub::BlockReduce with its TempStorage in __shared__ memory, Sum and Reduce with
// cub::Max(), a kernel template parameterised by block size, and __launch_bounds__ on it.
#include <cub/block/block_reduce.cuh>

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) block_sum(const int *in, int *sums, int *maxima)
{
    using Reduce = cub::BlockReduce<int, BLOCK>;
    __shared__ typename Reduce::TempStorage storage;
    int v = in[blockIdx.x * BLOCK + threadIdx.x];
    int s = Reduce(storage).Sum(v);
    __syncthreads();
    int m = Reduce(storage).Reduce(v, cuda::maximum<>{});
    if (threadIdx.x == 0) {
        sums[blockIdx.x] = s;
        maxima[blockIdx.x] = m;
    }
}

int main()
{
    int *in = nullptr, *sums = nullptr, *maxima = nullptr;
    cudaMalloc(&in, 4 * 128 * sizeof(int));
    cudaMalloc(&sums, 4 * sizeof(int));
    cudaMalloc(&maxima, 4 * sizeof(int));
    block_sum<128><<<4, 128>>>(in, sums, maxima);
    cudaDeviceSynchronize();
    return 0;
}
