// check-variants: default
template <class T> __global__ void k(T) {}
struct C { protected: enum E { e0 }; public: static void run() { k<<<1, 1>>>(e0); } };
