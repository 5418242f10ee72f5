// check-variants: default
template <class T> __global__ void k(T) {}
class C { struct P { int a; }; public: static void run(P *p) { k<<<1, 1>>>(p); } };
