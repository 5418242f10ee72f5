// check-variants: default
void h() { __managed__ int v; (void)v; }
