// check-variants: default; -Xcudafe --remarks
__device__ int d(int x) { { int x = 1; return x; } }
