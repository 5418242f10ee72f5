// check-variants: default
__constant__ int ca[4];
template <class T> __global__ void kt(T v) { ca[1] = v; }
__global__ void k() { int *p = &ca[2]; *p = 3; }
void launch() { kt<<<1, 1>>>(2); }
