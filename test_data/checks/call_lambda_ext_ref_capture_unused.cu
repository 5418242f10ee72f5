// check-variants: --extended-lambda
template <class F> __global__ void k(F f) { f(); }
void run() { int x = 0; (void)x; k<<<1, 1>>>([&] __device__ { }); }
