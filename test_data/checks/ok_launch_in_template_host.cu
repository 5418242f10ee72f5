// check-variants: default
template <class T> __global__ void k(T *p) { *p = T(); }
template <class T> void run(T *p) { k<<<1, 1>>>(p); }
void go(float *p) { run(p); }
