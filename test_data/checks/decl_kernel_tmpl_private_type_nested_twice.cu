// check-variants: default
template <class T> struct W { T t; };
template <class T> __global__ void k(T) {}
class C { struct P { int a; }; public: static void run() { W<W<P>> w{}; k<<<1, 1>>>(w); } };
