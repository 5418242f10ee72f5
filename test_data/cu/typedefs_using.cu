// Covers: typedef and using aliases of scalar, pointer, array, function and function-pointer
// types, member typedefs, typedef'd structs (C style), and aliases used in kernel signatures.
typedef unsigned int uint;
typedef float real;
typedef real vec3[3];
using index_t = long long;
using unary_fn = float (*)(float);
typedef int (*binary_fn)(int, int);
typedef struct {
    real x, y;
} point_t;

struct Grid {
    typedef point_t value_type;
    using size_type = uint;
    value_type *cells;
    size_type count;
};

__device__ real halve(real v) { return v / 2; }

__global__ void kernel(Grid g, index_t offset)
{
    Grid::size_type i = threadIdx.x;
    vec3 v = {1, 2, 3};
    if (i < g.count)
        g.cells[i].x = halve(v[i % 3]) + static_cast<real>(offset);
}

int add(int a, int b) { return a + b; }

int main()
{
    binary_fn f = add;
    unary_fn u = nullptr;
    Grid g{nullptr, 0};
    cudaMalloc(&g.cells, 16 * sizeof(point_t));
    g.count = 16;
    kernel<<<1, 16>>>(g, 4);
    cudaDeviceSynchronize();
    return f(1, 2) == 3 && u == nullptr ? 0 : 1;
}
