// check-variants: default
int h() { return 1; }
__device__ int take(int a, int x = h()) { return a + x; }
__device__ int one() { return take(1); }
__device__ int two() { return take(2, 3) + take(4); }
