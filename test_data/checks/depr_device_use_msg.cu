// check-variants: default; -diag-suppress 1444; -diag-error 1444
[[deprecated("use g")]] __device__ int f() { return 1; }
__device__ int d() { return f(); }
