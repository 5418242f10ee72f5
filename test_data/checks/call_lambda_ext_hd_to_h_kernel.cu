// check-variants: --extended-lambda
void h() {}
template <class F> __global__ void k(F f) { f(); }
void run() { k<<<1, 1>>>([] __host__ __device__ { h(); }); }
