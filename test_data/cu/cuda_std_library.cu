// Covers: libcu++ in device code: cuda::std::array, cuda::std::pair/tuple, cuda::std::plus,
// cuda/std/type_traits, cuda::std::numeric_limits, and cuda::std::span.
#include <cuda/std/array>
#include <cuda/std/utility>
#include <cuda/std/tuple>
#include <cuda/std/type_traits>
#include <cuda/std/limits>
#include <cuda/std/span>
#include <cuda/std/functional>

template <typename T>
__device__ T clamp_low(T v)
{
    static_assert(cuda::std::is_arithmetic<T>::value, "arithmetic only");
    T low = cuda::std::numeric_limits<T>::lowest() / 2;
    return v < low ? low : v;
}

__global__ void kernel(int *out)
{
    cuda::std::array<int, 4> a{1, 2, 3, 4};
    cuda::std::pair<int, float> p{threadIdx.x, 1.5f};
    cuda::std::tuple<int, int> t = cuda::std::make_tuple(3, 4);
    cuda::std::span<int, 4> s(a.data(), 4);
    int total = 0;
    for (int v : s)
        total += v;
    out[threadIdx.x] = total + p.first + cuda::std::get<1>(t) + cuda::std::plus<int>{}(a[0], a[3])
        + clamp_low(static_cast<int>(threadIdx.x));
}

int main()
{
    int *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(int));
    kernel<<<1, 32>>>(d);
    cudaDeviceSynchronize();
    return 0;
}
