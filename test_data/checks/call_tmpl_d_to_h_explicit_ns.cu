// check-variants: default
int h() { return 1; }
namespace n { template <class T> __device__ T f(T x) { return x + h(); } }
template int n::f<int>(int);
