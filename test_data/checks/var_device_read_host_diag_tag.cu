// check-variants: -diag-suppress=device_var_read_in_host; -diag-error 20091
__device__ int v;
int h() { return v; }
