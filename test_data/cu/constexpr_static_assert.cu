// Covers: constexpr functions and variables used on host and in device code, if constexpr,
// static_assert, and __host__ __device__ constexpr constructors and member functions.
#include <type_traits>

constexpr int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

constexpr int table_size = fib(10);
static_assert(table_size == 55, "fib(10) is 55");

struct Extent {
    int w, h;
    __host__ __device__ constexpr Extent(int w_, int h_) : w(w_), h(h_) {}
    __host__ __device__ constexpr int area() const { return w * h; }
};

constexpr Extent tile{16, 8};

template <typename T>
__device__ T describe(T v)
{
    if constexpr (std::is_floating_point<T>::value)
        return v * 0.5f;
    else
        return v / 2;
}

__global__ void kernel(int *out, float *f)
{
    __shared__ int buffer[tile.area()];
    buffer[threadIdx.x] = describe(static_cast<int>(threadIdx.x));
    __syncthreads();
    out[threadIdx.x] = buffer[threadIdx.x] + table_size;
    f[threadIdx.x] = describe(1.0f);
}

int main()
{
    static_assert(tile.area() == 128, "16 x 8");
    int *d = nullptr;
    float *f = nullptr;
    cudaMalloc(&d, 128 * sizeof(int));
    cudaMalloc(&f, 128 * sizeof(float));
    kernel<<<1, tile.area()>>>(d, f);
    cudaDeviceSynchronize();
    return 0;
}
