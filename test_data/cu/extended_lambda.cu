// nvcc-flags: --extended-lambda
// Covers: extended lambdas: a __device__ lambda and a __host__ __device__ lambda defined in host
// code and passed to a kernel template, capture by value, and a mutable extended lambda.
template <typename F>
__global__ void for_each(int n, F f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        f(i);
}

int main()
{
    int n = 256;
    float *x = nullptr;
    cudaMalloc(&x, n * sizeof(float));
    float a = 2.0f;
    for_each<<<1, n>>>(n, [=] __device__(int i) { x[i] = a * i; });
    auto both = [a] __host__ __device__(float v) { return a * v; };
    for_each<<<1, n>>>(n, [=] __device__(int i) { x[i] = both(x[i]); });
    cudaDeviceSynchronize();
    return both(1.0f) == 2.0f ? 0 : 1;
}
