// check-variants: default; -Xcudafe --remarks
void f() { for (int i = 0; i < 2; ++i) { int i = 3; (void)i; } }
