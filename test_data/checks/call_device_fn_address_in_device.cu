// check-variants: default
void h() {}
__device__ void *d() { return (void *)&h; }
