// check-variants: default
template <class T> __device__ T twice(T x) { return x + x; }
template <class T> __global__ void k(T *p) { *p = twice(*p); }
void run(int *p, float *q) { k<<<1, 1>>>(p); k<<<1, 1>>>(q); }
