// Covers: variadic templates: parameter packs in function and class templates, fold expressions,
// sizeof..., pack expansion in a kernel launch's arguments, and a recursive variadic device
// function.
template <typename... Ts>
__host__ __device__ constexpr auto sum_all(Ts... xs) { return (xs + ... + 0); }

__device__ int count_args() { return 0; }

template <typename T, typename... Rest>
__device__ int count_args(T, Rest... rest) { return 1 + count_args(rest...); }

template <typename... Ts>
struct TypeList {
    static constexpr int size = sizeof...(Ts);
};

template <typename... Args>
__global__ void variadic_kernel(int *out, Args... args)
{
    out[threadIdx.x] = sum_all(args...) + count_args(args...) + TypeList<Args...>::size;
}

template <typename... Args>
void launch(int *out, Args... args)
{
    variadic_kernel<<<1, 32>>>(out, args...);
}

int main()
{
    static_assert(sum_all(1, 2, 3) == 6, "fold");
    static_assert(TypeList<int, float, char>::size == 3, "sizeof...");
    int *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(int));
    launch(d, 1, 2L, 3u);
    variadic_kernel<int, int><<<1, 32>>>(d, 4, 5);
    cudaDeviceSynchronize();
    return 0;
}
