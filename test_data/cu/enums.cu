// Covers: unscoped enums, scoped enums (enum class) with an underlying type, opaque enum
// declarations, enumerators with explicit values, enums as kernel parameters and in switches.
enum Color { Red, Green = 5, Blue };

enum class Op : unsigned char { Add = 1, Sub, Mul };

enum class Mode : int;

enum class Mode : int { Fast, Precise };

struct Flags {
    enum Bits : unsigned { None = 0, A = 1u << 0, B = 1u << 1 };
};

__device__ int apply(Op op, int a, int b)
{
    switch (op) {
    case Op::Add: return a + b;
    case Op::Sub: return a - b;
    case Op::Mul: return a * b;
    }
    return 0;
}

__global__ void kernel(int *out, Op op, Mode mode)
{
    int c = Blue + Color::Red;
    unsigned f = Flags::A | Flags::B;
    out[threadIdx.x] = apply(op, threadIdx.x, c) + (mode == Mode::Precise ? 1 : 0) + static_cast<int>(f);
}

int main()
{
    int *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(int));
    kernel<<<1, 32>>>(d, Op::Mul, Mode::Fast);
    cudaDeviceSynchronize();
    return Green == 5 ? 0 : 1;
}
