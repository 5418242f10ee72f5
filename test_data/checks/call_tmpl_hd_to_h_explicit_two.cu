// check-variants: default
int h() { return 1; }
template <class T, class U> __host__ __device__ T f(T x, U y) { return h() + x + y; }
template float f<float, int>(float, int);
