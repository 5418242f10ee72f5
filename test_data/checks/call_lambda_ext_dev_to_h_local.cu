// check-variants: --extended-lambda
void h() {}
template <class F> __global__ void k(F f) { f(); }
void run() {
  auto l = [] __device__ { h(); };
  k<<<1, 1>>>(l);
}
