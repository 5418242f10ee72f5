// check-variants: default
namespace a { namespace b { __device__ int f() { return 1; } } }
__global__ void k(int *p) { *p = a::b::f(); }
void run(int *p) { k<<<1, 1>>>(p); }
