// Covers: __launch_bounds__ with one and two arguments, with constant expressions and a template
// parameter, and an unbounded kernel for comparison. (The three-argument form needs sm_90.)
constexpr int kThreads = 256;

__global__ void __launch_bounds__(kThreads) one_arg(float *p) { p[threadIdx.x] *= 2; }

__global__ void __launch_bounds__(128, 4) two_args(float *p) { p[threadIdx.x] += 1; }

template <int N>
__global__ void __launch_bounds__(N) templated(float *p) { p[threadIdx.x] = N; }

__global__ void unbounded(float *p) { p[threadIdx.x] = 0; }

int main()
{
    float *d = nullptr;
    cudaMalloc(&d, kThreads * sizeof(float));
    one_arg<<<1, kThreads>>>(d);
    two_args<<<1, 128>>>(d);
    templated<32><<<1, 32>>>(d);
    unbounded<<<1, 1>>>(d);
    cudaDeviceSynchronize();
    return 0;
}
