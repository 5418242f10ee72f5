// Covers: warp-level intrinsics: __shfl_sync, __shfl_down_sync, __shfl_xor_sync, __ballot_sync,
// __all_sync, __any_sync, __activemask, __popc, __ffs, __syncwarp, and warpSize.
__device__ int warp_sum(int v)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void kernel(int *out)
{
    int lane = threadIdx.x % warpSize;
    unsigned mask = __activemask();
    int v = lane;
    int total = warp_sum(v);
    int first = __shfl_sync(mask, v, 0);
    int swapped = __shfl_xor_sync(mask, v, 1);
    unsigned odd = __ballot_sync(mask, lane & 1);
    bool all_small = __all_sync(mask, lane < 32);
    bool any_zero = __any_sync(mask, lane == 0);
    __syncwarp();
    out[threadIdx.x] = total + first + swapped + __popc(odd) + __ffs(odd) + all_small + any_zero;
}

int main()
{
    int *d = nullptr;
    cudaMalloc(&d, 64 * sizeof(int));
    kernel<<<1, 64>>>(d);
    cudaDeviceSynchronize();
    return 0;
}
