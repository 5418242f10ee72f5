// Covers: __restrict__ on kernel and device-function pointer parameters, const __restrict__,
// __ldg loads through read-only pointers, and restrict-qualified locals.
__device__ void axpy(int n, float a, const float *__restrict__ x, float *__restrict__ y)
{
    for (int i = 0; i < n; ++i)
        y[i] += a * x[i];
}

__global__ void saxpy(int n, float a, const float *__restrict__ x, float *__restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * __ldg(&x[i]) + y[i];
}

__global__ void chunked(int n, const float *__restrict__ x, float *__restrict__ y)
{
    float *__restrict__ out = y + threadIdx.x * 4;
    axpy(4, 2.0f, x + threadIdx.x * 4, out);
}

int main()
{
    int n = 1024;
    float *x = nullptr, *y = nullptr;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    saxpy<<<n / 256, 256>>>(n, 2.0f, x, y);
    chunked<<<1, n / 4>>>(n, x, y);
    cudaDeviceSynchronize();
    return 0;
}
