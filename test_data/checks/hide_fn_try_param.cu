// check-variants: default; -Xcudafe --remarks
void f(int x) try { } catch (...) { int x = 1; (void)x; }
