// check-variants: default
int hv;
template <class T> __device__ T d() { return hv; }
