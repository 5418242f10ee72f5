// Covers: launches from member functions (ordinary, static, const, and members of a class
// template), kernels taking class objects by value, and a launcher class in a namespace.
__global__ void add_kernel(float *p, float v) { p[threadIdx.x] += v; }

template <typename T>
__global__ void set_kernel(T *p, T v) { p[threadIdx.x] = v; }

struct Params {
    float *data;
    int n;
};

__global__ void params_kernel(Params prm) { if (threadIdx.x < prm.n) prm.data[threadIdx.x] = 0; }

namespace engine {
class Launcher {
public:
    explicit Launcher(float *d) : data_(d) {}
    void add(float v) const { add_kernel<<<1, 32>>>(data_, v); }
    static void clear(float *d, int n) { params_kernel<<<1, 32>>>(Params{d, n}); }
    void run();

private:
    float *data_;
};

void Launcher::run() { set_kernel<float><<<1, 32, 0, 0>>>(data_, 1.0f); }
} // namespace engine

template <typename T>
struct Buffer {
    T *ptr;
    void fill(T v) { set_kernel<<<1, 32>>>(ptr, v); }
};

int main()
{
    float *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(float));
    engine::Launcher l(d);
    l.add(1.0f);
    l.run();
    engine::Launcher::clear(d, 32);
    Buffer<float> b{d};
    b.fill(3.0f);
    cudaDeviceSynchronize();
    return 0;
}
