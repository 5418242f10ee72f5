// Covers: function templates (deduced and explicit arguments), explicit specialization,
// explicit instantiation, overloading a template with a non-template, non-type template
// parameters, and __device__ function templates called from a kernel.
template <typename T>
__host__ __device__ T maximum(T a, T b) { return a < b ? b : a; }

template <>
__host__ __device__ bool maximum<bool>(bool a, bool b) { return a || b; }

__host__ __device__ int maximum(int a, int b) { return a > b ? a : b; }

template <int Shift, typename T>
__device__ T shift_left(T x) { return x << Shift; }

template <typename T>
T host_sum(const T *p, int n)
{
    T s{};
    for (int i = 0; i < n; ++i)
        s += p[i];
    return s;
}

template double host_sum<double>(const double *, int);

__global__ void kernel(int *out, float *f)
{
    int t = threadIdx.x;
    out[t] = maximum(t, 3) + shift_left<2>(t) + maximum<bool>(t & 1, false);
    f[t] = maximum(f[t], 0.5f);
}

int main()
{
    int *d = nullptr;
    float *f = nullptr;
    cudaMalloc(&d, 32 * sizeof(int));
    cudaMalloc(&f, 32 * sizeof(float));
    kernel<<<1, 32>>>(d, f);
    double h[3] = {1, 2, 3};
    return host_sum(h, 3) == 6.0 ? 0 : 1;
}
