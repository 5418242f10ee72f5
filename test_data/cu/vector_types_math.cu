// Covers: built-in vector types (float2/float4/int2/uchar4/dim3), make_* constructors, member
// access .x/.y/.z/.w, and device math: sqrtf, rsqrtf, fmaf, __expf, __sinf, __fdividef, fminf,
// fmaxf, min/max overloads, and double-precision sqrt/exp.
__device__ float length(float4 v) { return sqrtf(v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w); }

__global__ void kernel(const float4 *in, float2 *out, uchar4 *color, double *dd)
{
    int i = threadIdx.x;
    float4 v = in[i];
    float len = length(v);
    float inv = rsqrtf(len + 1.0f);
    out[i] = make_float2(fmaf(v.x, inv, v.y), __expf(v.z) + __sinf(v.w));
    int2 clamp = make_int2(min(i, 10), max(i, 3));
    color[i] = make_uchar4(clamp.x, clamp.y, 0, 255);
    out[i].x = fminf(out[i].x, __fdividef(1.0f, len + 1.0f));
    out[i].y = fmaxf(out[i].y, 0.0f);
    dd[i] = sqrt(static_cast<double>(len)) + exp(1.0);
}

int main()
{
    float4 *in = nullptr;
    float2 *out = nullptr;
    uchar4 *color = nullptr;
    double *dd = nullptr;
    cudaMalloc(&in, 32 * sizeof(float4));
    cudaMalloc(&out, 32 * sizeof(float2));
    cudaMalloc(&color, 32 * sizeof(uchar4));
    cudaMalloc(&dd, 32 * sizeof(double));
    dim3 block(32);
    kernel<<<1, block>>>(in, out, color, dd);
    cudaDeviceSynchronize();
    return 0;
}
