// Covers: device-side printf with several format conversions, printf in a __device__ helper and
// in a template kernel, and the cstdio include.
#include <cstdio>

__device__ void report(int id, float v) { printf("thread %d value %f\n", id, v); }

template <typename T>
__global__ void show(T v)
{
    if (threadIdx.x == 0)
        printf("block %u: %d %s %p\n", blockIdx.x, static_cast<int>(v), "text", (void *)0);
    report(threadIdx.x, static_cast<float>(v));
}

int main()
{
    show<<<2, 4>>>(42);
    show<double><<<1, 1>>>(1.5);
    cudaDeviceSynchronize();
    printf("host done\n");
    return 0;
}
