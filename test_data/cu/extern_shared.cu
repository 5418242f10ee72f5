// Covers: extern __shared__ unsized arrays (dynamic shared memory), the usual
// reinterpret-through-a-char-buffer idiom for templates, and the launch's shared-bytes argument.
template <typename T>
__device__ T *shared_buffer()
{
    extern __shared__ __align__(sizeof(double)) unsigned char raw_shared[];
    return reinterpret_cast<T *>(raw_shared);
}

template <typename T>
__global__ void reverse(T *data, int n)
{
    T *s = shared_buffer<T>();
    int t = threadIdx.x;
    s[t] = data[t];
    __syncthreads();
    data[t] = s[n - 1 - t];
}

__global__ void two_arrays(float *a, int *b, int n)
{
    extern __shared__ float dyn[];
    int *ints = reinterpret_cast<int *>(&dyn[n]);
    dyn[threadIdx.x] = a[threadIdx.x];
    ints[threadIdx.x] = b[threadIdx.x];
}

int main()
{
    int n = 128;
    float *f = nullptr;
    int *i = nullptr;
    cudaMalloc(&f, n * sizeof(float));
    cudaMalloc(&i, n * sizeof(int));
    reverse<float><<<1, n, n * sizeof(float)>>>(f, n);
    reverse<<<1, n, n * sizeof(int)>>>(i, n);
    two_arrays<<<1, n, n * (sizeof(float) + sizeof(int))>>>(f, i, n);
    cudaDeviceSynchronize();
    return 0;
}
