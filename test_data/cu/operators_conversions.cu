// Covers: a class with arithmetic, compound, comparison, subscript and call operators, a friend
// operator, an explicit and an implicit conversion operator, converting constructors, all usable
// on host and device.
struct Complex {
    float re, im;
    __host__ __device__ Complex(float r = 0, float i = 0) : re(r), im(i) {}
    __host__ __device__ Complex operator+(const Complex &o) const { return {re + o.re, im + o.im}; }
    __host__ __device__ Complex operator*(const Complex &o) const
    {
        return {re * o.re - im * o.im, re * o.im + im * o.re};
    }
    __host__ __device__ Complex &operator+=(const Complex &o)
    {
        re += o.re;
        im += o.im;
        return *this;
    }
    __host__ __device__ bool operator==(const Complex &o) const { return re == o.re && im == o.im; }
    __host__ __device__ float operator[](int i) const { return i == 0 ? re : im; }
    __host__ __device__ explicit operator bool() const { return re != 0 || im != 0; }
    __host__ __device__ operator float() const { return re * re + im * im; }
    friend __host__ __device__ Complex operator-(const Complex &a) { return {-a.re, -a.im}; }
};

struct Polynomial {
    float c0, c1, c2;
    __device__ float operator()(float x) const { return c0 + x * (c1 + x * c2); }
};

__global__ void kernel(Complex *z, float *norm)
{
    Complex a = z[threadIdx.x];
    Complex b(1.0f);
    a += b * a + -b;
    if (a && !(a == b))
        norm[threadIdx.x] = static_cast<float>(a) + a[1];
    Polynomial p{1, 2, 3};
    norm[threadIdx.x] += p(a.re);
}

int main()
{
    Complex *z = nullptr;
    float *n = nullptr;
    cudaMalloc(&z, 32 * sizeof(Complex));
    cudaMalloc(&n, 32 * sizeof(float));
    kernel<<<1, 32>>>(z, n);
    Complex h = Complex(1, 2) + Complex(3.0f);
    return float(h) > 0 ? 0 : 1;
}
