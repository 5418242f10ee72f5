// Covers: C++17 language features in CUDA code: structured bindings, class template argument
// deduction, if/switch with initializers, inline variables, nested namespace definitions,
// auto non-type template parameters, and [[fallthrough]].
template <auto V>
struct Constant {
    static constexpr auto value = V;
};

template <typename A, typename B>
struct Pair {
    A first;
    B second;
    __host__ __device__ Pair(A a, B b) : first(a), second(b) {}
};

struct MinMax {
    int lo, hi;
};

__host__ __device__ MinMax bounds(int a, int b) { return a < b ? MinMax{a, b} : MinMax{b, a}; }

__global__ void kernel(int *out)
{
    auto [lo, hi] = bounds(threadIdx.x, 16);
    Pair p(lo, 2.0f);
    int r = 0;
    if (int d = hi - lo; d > 4)
        r = d;
    switch (int m = threadIdx.x % 3; m) {
    case 0:
        r += 1;
        [[fallthrough]];
    case 1:
        r += 2;
        break;
    default:
        r += Constant<5>::value;
    }
    out[threadIdx.x] = r + p.first + static_cast<int>(p.second) + Constant<'c'>::value;
}

int main()
{
    int *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(int));
    kernel<<<1, 32>>>(d);
    cudaDeviceSynchronize();
    return 0;
}
