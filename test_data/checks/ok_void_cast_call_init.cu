// check-variants: default
int g();
void h() { int x = g(); (void)x; }
