// Covers: variable templates (host constexpr and __device__), alias templates, a partially
// specialised variable template, and alias templates used as kernel parameter types.
template <typename T>
constexpr T pi = T(3.1415926535897932385L);

template <typename T>
constexpr int bits = sizeof(T) * 8;

template <typename T>
constexpr int bits<T *> = 64;

template <typename T>
__device__ T dev_zero = T(0);

template <typename T>
using ptr = T *;

template <typename T, int N>
using array_ref = T (&)[N];

using fptr = ptr<float>;

__global__ void kernel(fptr out, ptr<const double> in)
{
    out[threadIdx.x] = pi<float> * static_cast<float>(in[threadIdx.x]) + dev_zero<float>;
}

template <typename T, int N>
int count(array_ref<T, N>) { return N; }

int main()
{
    static_assert(bits<int> == 32, "int has 32 bits");
    static_assert(bits<char *> == 64, "pointers have 64 bits");
    int a[5];
    fptr out = nullptr;
    ptr<double> in = nullptr;
    cudaMalloc(&out, 32 * sizeof(float));
    cudaMalloc(&in, 32 * sizeof(double));
    kernel<<<1, 32>>>(out, in);
    return count(a) == 5 ? 0 : 1;
}
