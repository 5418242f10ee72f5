template <typename T, int N> __global__ void kfill(T *p, T v) { for (int i = 0; i < N; ++i) p[i * blockDim.x + threadIdx.x] = v; }
template __global__ void kfill<float, 4>(float *, float);
template __global__ void kfill<double, 2>(double *, double);
template __global__ void kfill<int, 8>(int *, int);
namespace ns { __global__ void kns(unsigned *p) { p[0] = 1u; } }
