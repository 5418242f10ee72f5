// check-variants: default
void h() { __constant__ int v; (void)v; }
