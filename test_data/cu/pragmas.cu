// Covers: #pragma unroll (plain, with a count, with 1), #pragma nv_diag_suppress /
// nv_diag_default / nv_diag_warning with diagnostic numbers, #pragma once-free include guards,
// and _Pragma in a macro.
#define UNROLL_ALL _Pragma("unroll")

#pragma nv_diag_suppress 177
__device__ void unused_local()
{
    int never_used;
}
#pragma nv_diag_default 177

__global__ void kernel(float *out)
{
    float acc = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i)
        acc += i;
#pragma unroll 4
    for (int i = 0; i < 64; ++i)
        acc *= 1.0001f;
#pragma unroll 1
    for (int i = 0; i < 3; ++i)
        acc -= 0.5f;
    UNROLL_ALL
    for (int i = 0; i < 2; ++i)
        acc += out[i];
    out[threadIdx.x] = acc;
}

#pragma nv_diag_warning 549
int main()
{
    float *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(float));
    kernel<<<1, 32>>>(d);
    cudaDeviceSynchronize();
    return 0;
}
