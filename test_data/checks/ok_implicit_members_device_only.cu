// check-variants: default
struct M { __device__ M() {} __device__ ~M() {} };
struct S { M m; };
void h(S *p) { (void)p; }
