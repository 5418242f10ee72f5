// check-variants: default
void h() {}
inline __device__ void d() { h(); }
void *use() { return (void *)&d; }
