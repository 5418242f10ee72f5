// Covers: lambdas without the extended-lambda flag: host lambdas with captures (by value, by
// reference, init-capture, this), generic lambdas, lambdas defined and called inside __device__
// code, and a lambda passed to a __device__ function template.
template <typename F>
__device__ int apply(F f, int x) { return f(x); }

struct Counter {
    int base;
    int run(int n)
    {
        auto add_base = [this](int x) { return x + base; };
        return add_base(n);
    }
};

__global__ void kernel(int *out)
{
    int offset = 10;
    auto add = [offset](int x) { return x + offset; };
    auto mul = [&](int x) { return x * offset; };
    auto generic = [](auto a, auto b) { return a + b; };
    out[threadIdx.x] = apply(add, threadIdx.x) + mul(2) + generic(1, 2);
}

int main()
{
    int total = 0;
    auto accumulate = [&total](int v) { total += v; };
    auto counted = [n = 3]() mutable { return ++n; };
    accumulate(counted());
    Counter c{5};
    int *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(int));
    kernel<<<1, 32>>>(d);
    cudaDeviceSynchronize();
    return c.run(total) == 9 ? 0 : 1;
}
