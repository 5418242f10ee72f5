// Covers: __grid_constant__ on const-qualified kernel parameters of class and scalar type,
// taking the address of a grid-constant parameter, and a template kernel with one.
struct Config {
    int n;
    float scale;
    float weights[8];
};

__device__ float weight_at(const Config *c, int i) { return c->weights[i % 8]; }

__global__ void apply(const __grid_constant__ Config cfg, float *data)
{
    int i = threadIdx.x;
    if (i < cfg.n)
        data[i] *= cfg.scale * weight_at(&cfg, i);
}

template <typename T>
__global__ void offset(const __grid_constant__ T delta, T *data)
{
    data[threadIdx.x] += delta;
}

int main()
{
    Config cfg{32, 2.0f, {1, 1, 1, 1, 1, 1, 1, 1}};
    float *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(float));
    apply<<<1, 32>>>(cfg, d);
    offset<float><<<1, 32>>>(1.0f, d);
    cudaDeviceSynchronize();
    return 0;
}
