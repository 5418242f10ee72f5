// Covers: alignment and attributes: alignas, __align__, __attribute__((aligned)) and packed
// structs, [[nodiscard]], [[maybe_unused]], [[deprecated]]-free standard attributes, and
// sizeof/alignof of such types in static_asserts.
struct alignas(16) Aligned16 {
    float x, y, z;
};

struct __align__(8) Pair8 {
    int a, b;
};

struct __attribute__((packed)) Packed {
    char c;
    int i;
};

struct Padded {
    char c;
    double d;
} __attribute__((aligned(32)));

static_assert(sizeof(Aligned16) == 16 && alignof(Aligned16) == 16, "alignas");
static_assert(sizeof(Packed) == 5, "packed");
static_assert(alignof(Padded) == 32 && sizeof(Padded) == 32, "aligned(32)");
static_assert(alignof(Pair8) == 8, "__align__");

[[nodiscard]] __device__ float scale(Aligned16 v, [[maybe_unused]] int unused) { return v.x * 2; }

__global__ void kernel(Aligned16 *in, float *out)
{
    alignas(8) float local[2] = {1, 2};
    out[threadIdx.x] = scale(in[threadIdx.x], 0) + local[1];
}

int main()
{
    Aligned16 *in = nullptr;
    float *out = nullptr;
    cudaMalloc(&in, 32 * sizeof(Aligned16));
    cudaMalloc(&out, 32 * sizeof(float));
    kernel<<<1, 32>>>(in, out);
    cudaDeviceSynchronize();
    return 0;
}
