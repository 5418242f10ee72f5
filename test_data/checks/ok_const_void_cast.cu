// check-variants: default
void h() { const int x = 3; (void)x; }
