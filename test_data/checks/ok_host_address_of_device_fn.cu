// check-variants: default
__device__ void d() {}
void *h() { return (void *)&d; }
