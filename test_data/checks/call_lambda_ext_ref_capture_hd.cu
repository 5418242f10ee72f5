// check-variants: --extended-lambda
template <class F> __global__ void k(F f) { f(); }
void run() { int x = 0; k<<<1, 1>>>([&] __host__ __device__ { (void)x; }); }
