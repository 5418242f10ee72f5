// Covers: classes used in device code: base and derived classes, protected/private members,
// constructors with initializer lists, destructors, static member functions, a virtual function
// on the host side, nested classes, and objects constructed inside a kernel.
class Shape {
public:
    __host__ __device__ Shape(float w, float h) : w_(w), h_(h) {}
    __host__ __device__ ~Shape() {}
    __host__ __device__ float area() const { return w_ * h_; }
    __host__ __device__ static Shape unit() { return Shape(1, 1); }

protected:
    float w_, h_;
};

class Square : public Shape {
public:
    __host__ __device__ explicit Square(float s) : Shape(s, s) {}
    __host__ __device__ float side() const { return w_; }

    struct Corner {
        float x, y;
    };
    __host__ __device__ Corner corner() const { return {w_, h_}; }
};

struct Animal {
    virtual ~Animal() = default;
    virtual int legs() const = 0;
};

struct Bird final : Animal {
    int legs() const override { return 2; }
};

__global__ void kernel(float *out)
{
    Square s(threadIdx.x);
    Shape u = Shape::unit();
    Square::Corner c = s.corner();
    out[threadIdx.x] = s.area() + u.area() + s.side() + c.x;
}

int main()
{
    Bird b;
    const Animal &a = b;
    float *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(float));
    kernel<<<1, 32>>>(d);
    cudaDeviceSynchronize();
    return a.legs() == 2 ? 0 : 1;
}
