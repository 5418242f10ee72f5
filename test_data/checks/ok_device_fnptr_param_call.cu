// check-variants: default
__device__ void call(void (*f)()) { f(); }
