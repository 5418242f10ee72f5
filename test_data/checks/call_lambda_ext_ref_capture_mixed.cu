// check-variants: --extended-lambda
template <class F> __global__ void k(F f) { f(); }
void run() { int x = 0, y = 1; k<<<1, 1>>>([=, &y] __device__ { (void)(x + y); }); }
