// check-variants: default; -diag-suppress 20007; -diag-warn 20007
__device__ int d() { return 1; }
int h() { return d(); }
