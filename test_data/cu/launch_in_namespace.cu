// Covers: kernels declared in named and nested namespaces, qualified launches (ns::k<<<>>>,
// outer::inner::k<T, 3><<<>>>), and a launch from inside a namespace-scope function.
namespace ops {
__global__ void negate(int *p) { p[threadIdx.x] = -p[threadIdx.x]; }

void run_negate(int *p) { negate<<<1, 64>>>(p); }

namespace detail {
template <typename T, int K>
__global__ void times(T *p) { p[threadIdx.x] *= K; }
} // namespace detail
} // namespace ops

int main()
{
    int *p = nullptr;
    cudaMalloc(&p, 64 * sizeof(int));
    ops::run_negate(p);
    ops::negate<<<1, 64>>>(p);
    ops::detail::times<int, 3><<<1, 64>>>(p);
    using namespace ops;
    detail::times<int, 2><<<dim3(1), dim3(64), 0, cudaStreamPerThread>>>(p);
    cudaDeviceSynchronize();
    return 0;
}
