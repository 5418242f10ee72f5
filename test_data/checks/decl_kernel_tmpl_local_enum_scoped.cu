// check-variants: default
template <class T> __global__ void k(T) {}
void h() { enum class E { a }; k<<<1, 1>>>(E::a); }
