// check-variants: default
struct S { int g() const { return 1; } };
template <class T> __host__ __device__ int f(const T &t) { return t.g(); }
__global__ void k(int *p) { S s; *p = f(s); }
