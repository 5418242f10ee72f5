// check-variants: default
template <class T> __global__ void k() {}
class C { struct P { int a; }; public: static void run() { k<P><<<1, 1>>>(); } };
