// Covers: atomic builtins on global and shared memory: atomicAdd (int, float, double),
// atomicSub, atomicMax/Min, atomicCAS loop, atomicExch, atomicInc, bitwise atomics, and
// cuda::atomic_ref from libcu++.
#include <cuda/atomic>

__device__ float atomic_mul(float *addr, float v)
{
    int *iaddr = reinterpret_cast<int *>(addr);
    int old = *iaddr, assumed;
    do {
        assumed = old;
        old = atomicCAS(iaddr, assumed, __float_as_int(v * __int_as_float(assumed)));
    } while (assumed != old);
    return __int_as_float(old);
}

__global__ void kernel(int *ci, float *cf, double *cd, unsigned *cu)
{
    __shared__ int block_count;
    if (threadIdx.x == 0)
        block_count = 0;
    __syncthreads();
    atomicAdd(&block_count, 1);
    atomicAdd(ci, 1);
    atomicSub(ci + 1, 1);
    atomicMax(ci + 2, threadIdx.x);
    atomicMin(ci + 3, threadIdx.x);
    atomicExch(ci + 4, 7);
    atomicAnd(ci + 5, 0xff);
    atomicOr(ci + 6, 1 << 3);
    atomicXor(ci + 7, 1);
    atomicInc(cu, 100u);
    atomicAdd(cf, 0.5f);
    atomicAdd(cd, 0.25);
    atomic_mul(cf + 1, 1.01f);
    cuda::atomic_ref<int, cuda::thread_scope_device> ref(ci[8]);
    ref.fetch_add(block_count, cuda::std::memory_order_relaxed);
}

int main()
{
    int *ci = nullptr;
    float *cf = nullptr;
    double *cd = nullptr;
    unsigned *cu = nullptr;
    cudaMalloc(&ci, 9 * sizeof(int));
    cudaMalloc(&cf, 2 * sizeof(float));
    cudaMalloc(&cd, sizeof(double));
    cudaMalloc(&cu, sizeof(unsigned));
    kernel<<<4, 64>>>(ci, cf, cd, cu);
    cudaDeviceSynchronize();
    return 0;
}
