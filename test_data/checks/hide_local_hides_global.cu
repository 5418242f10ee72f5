// check-variants: default; -Xcudafe --remarks
int g;
int f() { int g = 1; return g; }
