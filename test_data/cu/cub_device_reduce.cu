// Covers: cub::DeviceReduce::Sum and ::Max with the two-phase temporary-storage protocol (first
// call sizes, second call runs), on a stream.
#include <cub/device/device_reduce.cuh>

int main()
{
    const int n = 1000;
    float *in = nullptr, *out = nullptr;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, 2 * sizeof(float));
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    void *temp = nullptr;
    size_t temp_bytes = 0;
    cub::DeviceReduce::Sum(temp, temp_bytes, in, out, n, stream);
    cudaMalloc(&temp, temp_bytes);
    cub::DeviceReduce::Sum(temp, temp_bytes, in, out, n, stream);
    size_t max_bytes = 0;
    cub::DeviceReduce::Max(nullptr, max_bytes, in, out + 1, n, stream);
    cudaStreamSynchronize(stream);
    cudaFree(temp);
    cudaStreamDestroy(stream);
    return 0;
}
