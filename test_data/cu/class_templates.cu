// Covers: class templates with type/non-type/template-template parameters, member templates,
// partial specialization, explicit (full) specialization, out-of-class member definitions,
// and use of the templates in host and device code.
template <typename T, int N>
struct Vec {
    T v[N];
    __host__ __device__ T &operator[](int i) { return v[i]; }
    __host__ __device__ T sum() const;
    template <typename U>
    __host__ __device__ Vec<U, N> cast() const
    {
        Vec<U, N> r;
        for (int i = 0; i < N; ++i)
            r.v[i] = static_cast<U>(v[i]);
        return r;
    }
};

template <typename T, int N>
__host__ __device__ T Vec<T, N>::sum() const
{
    T s = T();
    for (int i = 0; i < N; ++i)
        s += v[i];
    return s;
}

template <typename T>
struct Traits {
    static constexpr bool is_pointer = false;
};

template <typename T>
struct Traits<T *> {
    static constexpr bool is_pointer = true;
};

template <>
struct Traits<void> {
    static constexpr bool is_pointer = false;
    using type = void;
};

template <template <typename, int> class C, typename T>
struct Holder {
    C<T, 2> value;
};

__global__ void kernel(float *out)
{
    Vec<float, 4> a;
    for (int i = 0; i < 4; ++i)
        a[i] = i;
    Vec<int, 4> b = a.cast<int>();
    Holder<Vec, double> h;
    h.value[0] = 1.0;
    out[threadIdx.x] = a.sum() + b.sum() + (Traits<int *>::is_pointer ? 1 : 0);
}

int main()
{
    static_assert(!Traits<int>::is_pointer, "int is not a pointer");
    static_assert(Traits<char *>::is_pointer, "char* is a pointer");
    float *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(float));
    kernel<<<1, 32>>>(d);
    cudaDeviceSynchronize();
    return 0;
}
