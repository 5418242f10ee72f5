// check-variants: default
void h() { int x = 0; (void)x; }
