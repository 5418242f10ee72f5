// check-variants: -rdc=true
template <class T> __global__ void k(T) {}
__global__ void outer() { struct L { int a; }; k<<<1, 1>>>(L{}); }
