// check-variants: default
void h(int, float) {}
__device__ void d() { h(1, 2.0f); }
