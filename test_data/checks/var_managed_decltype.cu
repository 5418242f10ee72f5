// check-variants: default
__managed__ int m;
void h() { decltype(m) x = 0; (void)x; }
