// check-variants: default; -Xcudafe --diag_suppress=20016
int h() { return 1; }
__device__ int d() { return h(); }
