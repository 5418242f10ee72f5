// check-variants: default; -diag-suppress 20011; -diag-error 20011; --Werror all-warnings; -diag-suppress=h_hd_illegal_call
void h() {}
__host__ __device__ void hd() { h(); }
