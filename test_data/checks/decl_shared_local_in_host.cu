// check-variants: default
void h() { __shared__ int v; (void)v; }
