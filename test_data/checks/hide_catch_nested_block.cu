// check-variants: default; -Xcudafe --remarks
void f() { try {} catch (int e) { { int e = 2; (void)e; } } }
