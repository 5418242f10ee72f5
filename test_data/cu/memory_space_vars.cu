// Covers: namespace-scope __device__, __constant__ and __managed__ variables, a static __shared__
// array inside a kernel, cudaMemcpyToSymbol/FromSymbol, and host use of a managed variable.
__device__ int dev_counter;
__device__ float dev_table[16] = {1.0f, 2.0f};
__constant__ float coeffs[4];
__constant__ int const_n = 4;
__managed__ int managed_result;

__global__ void use_spaces(float *out)
{
    __shared__ float tile[64];
    tile[threadIdx.x] = coeffs[threadIdx.x % const_n] * dev_table[threadIdx.x % 16];
    __syncthreads();
    out[threadIdx.x] = tile[63 - threadIdx.x];
    if (threadIdx.x == 0) {
        dev_counter += 1;
        managed_result = dev_counter;
    }
}

int main()
{
    float h[4] = {0.5f, 1.5f, 2.5f, 3.5f};
    cudaMemcpyToSymbol(coeffs, h, sizeof(h));
    float *out = nullptr;
    cudaMalloc(&out, 64 * sizeof(float));
    use_spaces<<<1, 64>>>(out);
    cudaDeviceSynchronize();
    int counter = 0;
    cudaMemcpyFromSymbol(&counter, dev_counter, sizeof(int));
    return managed_result == counter ? 0 : 1;
}
