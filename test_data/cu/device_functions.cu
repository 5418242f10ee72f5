// Covers: __device__, __host__ __device__, __host__ functions, __forceinline__ and __noinline__,
// a device function declared then defined, recursion in a device function, calls between them.
__device__ int square(int x);

__host__ __device__ inline int twice(int x) { return 2 * x; }

__device__ __forceinline__ int cube(int x) { return x * square(x); }

__device__ __noinline__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

__device__ int square(int x) { return x * x; }

__host__ int host_only(int x) { return twice(x) + 1; }

__global__ void kernel(int *out)
{
    int t = threadIdx.x;
    out[t] = cube(t) + twice(t) + fact(t % 5);
}

int main()
{
    int *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(int));
    kernel<<<1, 32>>>(d);
    cudaDeviceSynchronize();
    return host_only(3) == 7 ? 0 : 1;
}
