// Covers: unions (named and anonymous, in device code for type punning), bit-fields of several
// widths including an unnamed one, and structs mixing both.
union FloatBits {
    float f;
    unsigned u;
};

struct Header {
    unsigned version : 4;
    unsigned flags : 12;
    unsigned : 0;
    unsigned length : 16;
    bool valid : 1;
};

struct Variant {
    int tag;
    union {
        int i;
        float f;
    };
};

__device__ unsigned exponent(float f)
{
    FloatBits b;
    b.f = f;
    return (b.u >> 23) & 0xff;
}

__global__ void kernel(Header *h, Variant *v, unsigned *out)
{
    Header hd = h[threadIdx.x];
    hd.flags |= 1;
    Variant var = v[threadIdx.x];
    float value = var.tag == 0 ? static_cast<float>(var.i) : var.f;
    out[threadIdx.x] = exponent(value) + hd.version + hd.length + hd.valid;
}

int main()
{
    static_assert(sizeof(Header) == 8, "bit-field layout");
    Header *h = nullptr;
    Variant *v = nullptr;
    unsigned *out = nullptr;
    cudaMalloc(&h, 32 * sizeof(Header));
    cudaMalloc(&v, 32 * sizeof(Variant));
    cudaMalloc(&out, 32 * sizeof(unsigned));
    kernel<<<1, 32>>>(h, v, out);
    cudaDeviceSynchronize();
    return 0;
}
