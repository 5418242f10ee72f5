// Covers: named, nested (C++17 a::b::c), reopened, inline and anonymous namespaces, namespace
// aliases, using-directives and using-declarations, and a kernel inside an anonymous namespace.
namespace lib {
inline namespace v2 {
__device__ int version() { return 2; }
}
namespace v1 {
__device__ int version() { return 1; }
}
} // namespace lib

namespace app::math::detail {
__host__ __device__ constexpr int sq(int x) { return x * x; }
}

namespace lib {
__device__ int twice_version() { return 2 * version(); }
}

namespace {
__device__ int hidden_state;
__global__ void anon_kernel(int *out)
{
    hidden_state = lib::version() + lib::v1::version();
    out[threadIdx.x] = hidden_state + lib::twice_version();
}
} // namespace

namespace amd = app::math::detail;

__global__ void kernel(int *out)
{
    using amd::sq;
    using namespace lib;
    out[threadIdx.x] = sq(threadIdx.x) + v2::version();
}

int main()
{
    int *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(int));
    anon_kernel<<<1, 32>>>(d);
    kernel<<<1, 32>>>(d);
    static_assert(app::math::detail::sq(3) == 9, "constexpr through nested namespace");
    cudaDeviceSynchronize();
    return 0;
}
