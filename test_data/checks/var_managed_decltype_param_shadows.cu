// check-variants: default
__managed__ int m;
void h(float m) { decltype(m) x = m; (void)x; }
