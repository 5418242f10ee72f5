// check-variants: default; -Xcudafe --remarks
int f() { int a = 1; { int a = 2; return a; } }
