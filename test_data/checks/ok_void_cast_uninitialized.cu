// check-variants: default
void h() { int x; (void)x; }
