// check-variants: --extended-lambda
template <class F> __global__ void apply(F f, int *p) { p[threadIdx.x] = f(threadIdx.x); }
void run(int *p) { apply<<<1, 8>>>([] __device__ (int i) { return 2 * i; }, p); }
