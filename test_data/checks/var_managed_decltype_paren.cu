// check-variants: default
__managed__ int m;
void h() { decltype((m)) x = m; (void)x; }
