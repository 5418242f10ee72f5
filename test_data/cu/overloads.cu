// Covers: overload sets by parameter type and count, const/non-const member overloads,
// overloads differing by reference kind, default arguments, and overloads of device functions.
__device__ int pick(int x) { return 1; }
__device__ int pick(float x) { return 2; }
__device__ int pick(double x) { return 3; }
__device__ int pick(int x, int y) { return 4; }
__device__ int pick(const int *p) { return 5; }

__host__ __device__ int scaled(int x, int factor = 2) { return x * factor; }

struct Accessor {
    int value;
    __host__ __device__ int &get() { return value; }
    __host__ __device__ const int &get() const { return value; }
};

__host__ __device__ int kind(int &) { return 0; }
__host__ __device__ int kind(int &&) { return 1; }

__global__ void kernel(int *out)
{
    int t = threadIdx.x;
    const Accessor c{t};
    Accessor m{t};
    m.get() = 5;
    out[t] = pick(t) + pick(1.0f) + pick(2.0) + pick(t, t) + pick(out) + scaled(t) + scaled(t, 3)
        + c.get() + kind(t) + kind(t + 1);
}

int main()
{
    int *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(int));
    kernel<<<1, 32>>>(d);
    cudaDeviceSynchronize();
    return 0;
}
