// check-variants: default
__device__ int dv;
template <class T> T h() { return dv; }
int use() { return h<int>(); }
