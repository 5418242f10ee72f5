// Covers: template kernels with type and non-type parameters, explicit template arguments in a
// launch (k<T, 3><<<...>>>), deduced template arguments, and a kernel template with a default.
template <typename T, int N>
__global__ void repeat_add(T *data, T delta)
{
    int i = threadIdx.x;
#pragma unroll
    for (int r = 0; r < N; ++r)
        data[i] += delta;
}

template <typename T, typename U = T>
__global__ void convert(const T *in, U *out)
{
    out[threadIdx.x] = static_cast<U>(in[threadIdx.x]);
}

int main()
{
    float *f = nullptr;
    double *g = nullptr;
    cudaMalloc(&f, 32 * sizeof(float));
    cudaMalloc(&g, 32 * sizeof(double));
    repeat_add<float, 3><<<1, 32>>>(f, 1.0f);
    repeat_add<double, 1><<<1, 32, 0, 0>>>(g, 2.0);
    convert<float, double><<<1, 32>>>(f, g);
    convert<<<1, 32>>>(f, f);
    cudaDeviceSynchronize();
    return 0;
}
