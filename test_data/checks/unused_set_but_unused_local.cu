// check-variants: default; -Xcudafe --remarks
void h() { int a; a = 1; }
