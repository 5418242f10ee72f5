// Covers: static data members (constexpr, const integral, out-of-class defined, inline), static
// member functions called from device code, nested classes and member enums, and a class
// template's static member.
struct Limits {
    static constexpr int max_threads = 1024;
    static const int warp = 32;
    static inline int host_counter = 0;
    static int defined_outside;
    __host__ __device__ static int warps(int threads) { return (threads + warp - 1) / warp; }

    struct Nested {
        enum Kind { Small, Large };
        __device__ static Kind classify(int n) { return n < warp ? Small : Large; }
    };
};

int Limits::defined_outside = 7;

template <typename T>
struct Registry {
    static T zero;
    __host__ __device__ static T identity(T v) { return v; }
};

template <typename T>
T Registry<T>::zero = T();

__global__ void kernel(int *out)
{
    int n = threadIdx.x;
    out[n] = Limits::warps(Limits::max_threads) + Limits::Nested::classify(n)
        + Registry<int>::identity(n);
}

int main()
{
    Limits::host_counter += Limits::defined_outside + Registry<int>::zero;
    int *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(int));
    kernel<<<1, 32>>>(d);
    cudaDeviceSynchronize();
    return Limits::host_counter == 7 ? 0 : 1;
}
