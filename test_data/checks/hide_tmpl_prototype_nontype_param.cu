// check-variants: default
namespace n { template <class T, int N> void f(T N); }
