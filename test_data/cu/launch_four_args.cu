// Covers: all four launch arguments <<<grid, block, shared-bytes, stream>>> with dim3 grids,
// dynamic shared memory size, a created stream, and a launch with three arguments.
__global__ void scale(float *data, float factor)
{
    extern __shared__ float cache[];
    unsigned tid = threadIdx.x + threadIdx.y * blockDim.x;
    cache[tid] = data[tid] * factor;
    __syncthreads();
    data[tid] = cache[tid];
}

int main()
{
    float *d = nullptr;
    cudaMalloc(&d, 256 * sizeof(float));
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    dim3 grid(1, 1, 1);
    dim3 block(16, 16);
    size_t shmem = block.x * block.y * sizeof(float);
    scale<<<grid, block, shmem, stream>>>(d, 2.0f);
    scale<<<dim3(1), dim3(16, 16), shmem>>>(d, 0.5f);
    cudaStreamSynchronize(stream);
    cudaStreamDestroy(stream);
    cudaFree(d);
    return 0;
}
