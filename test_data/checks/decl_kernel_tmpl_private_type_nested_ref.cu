// check-variants: default
template <class T, int N> struct A { T t[N]; };
template <class T> __global__ void k(T) {}
class C { struct P { int a; }; public: static void run() { const A<P, 2> &a = A<P, 2>{}; k<<<1, 1>>>(a); } };
