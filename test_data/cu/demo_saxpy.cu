// The bundled example of README.md: a kernel, a launch with all four configuration arguments,
// a __device__ helper and a __constant__ variable.
#include <cstdio>

__constant__ float scale_factor = 2.0f;

__device__ float scaled(float x) { return scale_factor * x; }

__global__ void saxpy(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * scaled(x[i]) + y[i];
}

int main() {
    const int n = 1 << 20;
    float *x, *y;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    saxpy<<<(n + 255) / 256, 256, 0, stream>>>(n, 2.0f, x, y);
    cudaStreamSynchronize(stream);
    cudaFree(x);
    cudaFree(y);
    std::printf("done\n");
    return 0;
}
