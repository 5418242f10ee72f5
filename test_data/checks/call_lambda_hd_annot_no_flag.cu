// check-variants: default; --extended-lambda
void h() { auto l = [] __host__ __device__ (int x) { return x; }; (void)l; }
