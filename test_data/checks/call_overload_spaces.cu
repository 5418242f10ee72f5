// check-variants: default
__device__ int f(int) { return 1; }
int f(float) { return 2; }
int h() { return f(1.0f); }
__device__ int d() { return f(1); }
