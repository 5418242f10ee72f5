// check-variants: default
__device__ int dv;
__constant__ int cv;
void *h() { void *a = &dv; void *b = &cv; return a ? a : b; }
