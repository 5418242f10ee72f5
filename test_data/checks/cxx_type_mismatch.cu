// check-variants: default
void h() { int *p = 1.5; }
