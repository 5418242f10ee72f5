// check-variants: --extended-lambda
struct S { static void h() {} };
template <class F> __global__ void k(F f) { f(); }
struct R { void run() { k<<<1, 1>>>([] __device__ { S::h(); }); } };
void go() { R r; r.run(); }
