// check-variants: default
int &g();
__device__ int d();
void h() { int y = 1; decltype((y)) r = y; decltype(g()) q = g(); decltype(d()) *p = 0; (void)r; (void)q; (void)p; }
