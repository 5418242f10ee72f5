// Covers: host runtime API use around kernels: streams with flags, events and elapsed time,
// cudaMemcpyAsync, cudaMemsetAsync, pinned host memory, cudaGetLastError/cudaGetErrorString,
// device properties, and an error-checking macro.
#include <cstdio>

#define CHECK(call)                                                                   \
    do {                                                                              \
        cudaError_t err_ = (call);                                                    \
        if (err_ != cudaSuccess)                                                      \
            std::printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
    } while (0)

__global__ void increment(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        ++p[i];
}

int main()
{
    const int n = 4096;
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    int *host = nullptr, *dev = nullptr;
    CHECK(cudaMallocHost(&host, n * sizeof(int)));
    CHECK(cudaMalloc(&dev, n * sizeof(int)));
    cudaStream_t s;
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start, s);
    CHECK(cudaMemsetAsync(dev, 0, n * sizeof(int), s));
    increment<<<n / 256, 256, 0, s>>>(dev, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(host, dev, n * sizeof(int), cudaMemcpyDeviceToHost, s));
    cudaEventRecord(stop, s);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    cudaFreeHost(host);
    cudaFree(dev);
    cudaStreamDestroy(s);
    return 0;
}
