// check-variants: default; -Xcudafe --remarks
int f(int x) { int x = 2; return x; }
