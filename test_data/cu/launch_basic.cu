// Covers: the simplest kernel and launch: __global__ void, built-in threadIdx/blockIdx/blockDim,
// a two-argument launch <<<grid, block>>>, cudaMalloc/cudaFree, cudaDeviceSynchronize.
__global__ void fill(int *out, int value, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = value;
}

int main()
{
    const int n = 1024;
    int *d = nullptr;
    cudaMalloc(&d, n * sizeof(int));
    fill<<<(n + 255) / 256, 256>>>(d, 7, n);
    cudaDeviceSynchronize();
    cudaFree(d);
    return 0;
}
