// check-variants: default; -Xcudafe --remarks
int f() { int x = 1; auto l = [x](int y) { return x + y; }; return l(2); }
