// Covers: cuda_fp16 and cuda_bf16 types: __half, __half2, __nv_bfloat16, conversions
// (__float2half, __half2float, __floats2half2_rn), half arithmetic intrinsics (__hadd, __hmul2,
// __hfma) and overloaded operators on __half.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void half_ops(const float *in, __half *h, __half2 *h2, __nv_bfloat16 *b)
{
    int i = threadIdx.x;
    __half a = __float2half(in[i]);
    __half c = __hadd(a, __float2half(1.0f));
    c = c * a + a;
    h[i] = __hfma(a, c, a);
    __half2 pair = __floats2half2_rn(in[i], 2.0f);
    h2[i] = __hmul2(pair, pair);
    __nv_bfloat16 bf = __float2bfloat16(__half2float(c));
    b[i] = __hadd(bf, bf);
}

int main()
{
    float *in = nullptr;
    __half *h = nullptr;
    __half2 *h2 = nullptr;
    __nv_bfloat16 *b = nullptr;
    cudaMalloc(&in, 32 * sizeof(float));
    cudaMalloc(&h, 32 * sizeof(__half));
    cudaMalloc(&h2, 32 * sizeof(__half2));
    cudaMalloc(&b, 32 * sizeof(__nv_bfloat16));
    half_ops<<<1, 32>>>(in, h, h2, b);
    cudaDeviceSynchronize();
    __half host_half = __float2half(3.0f);
    return __half2float(host_half) == 3.0f ? 0 : 1;
}
