// Covers: static and static inline (C++17) __device__/__constant__ variables, a const __device__
// variable, and a static __device__ variable inside a device function. (Plain inline and extern
// __device__ variables need -rdc=true: in whole-program mode an extern declaration followed by
// the definition fails in the host compile with "redefinition of 'int shared_total'".)
static __device__ int file_local_count = 0;
static inline __device__ int inline_limit = 100;
static __constant__ float file_scale = 2.0f;
__device__ const int answer = 42;

__device__ int next_ticket()
{
    static __device__ int ticket;
    return atomicAdd(&ticket, 1);
}

__global__ void count(int *out)
{
    int t = next_ticket();
    file_local_count = inline_limit;
    out[threadIdx.x] = file_local_count + t + answer + static_cast<int>(file_scale);
}

int main()
{
    int *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(int));
    count<<<1, 32>>>(d);
    cudaDeviceSynchronize();
    return 0;
}
