// check-variants: default
__managed__ int m;
void h() { auto l = [] { decltype(m) y = 1; return y; }; (void)l; }
