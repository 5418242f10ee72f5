// check-variants: default
void h() { int y = 1; int z; decltype(y) x = 0; decltype(z) w = 2; (void)x; (void)w; }
void s() { int y = 1; int x = sizeof(y); (void)x; }
