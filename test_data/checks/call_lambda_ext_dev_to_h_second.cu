// check-variants: --extended-lambda
void h() {}
template <class F> __global__ void k(F f) { f(1); }
void run() {
  auto plain = [](int i) { return i; };
  (void)plain;
  k<<<1, 1>>>([] __device__ (int i) { h(); (void)i; });
}
