// check-variants: default
__managed__ int m;
void h() { float m = 1; decltype((m)) r = m; decltype(m) x = 0; (void)r; (void)x; }
