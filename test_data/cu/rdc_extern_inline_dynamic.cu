// nvcc-flags: -rdc=true
// Covers: separate compilation (-rdc=true): an extern __device__ variable declared and defined
// later in the file, an extern __device__ variable defined in another translation unit, an
// extern __device__ function, a plain inline __device__ variable (C++17), an extern __constant__
// array, and dynamic parallelism: a kernel launching a child kernel from device code.
extern __device__ int total;
extern __device__ int defined_elsewhere;
extern __constant__ float weights[4];
extern __device__ float external_scale(float);
inline __device__ int inline_limit = 64;

__global__ void child(int *out, int base)
{
    out[threadIdx.x] = base + threadIdx.x;
}

__global__ void parent(int *out)
{
    atomicAdd(&total, 1);
    if (threadIdx.x == 0)
        child<<<1, inline_limit>>>(out, blockIdx.x * inline_limit);
}

__device__ int total = 0;
__constant__ float weights[4] = {1, 2, 3, 4};

__global__ void uses_external(float *f)
{
    f[threadIdx.x] = external_scale(weights[threadIdx.x % 4]) + defined_elsewhere;
}

int main()
{
    int *out = nullptr;
    cudaMalloc(&out, 4 * 64 * sizeof(int));
    parent<<<4, 32>>>(out);
    cudaDeviceSynchronize();
    return 0;
}
