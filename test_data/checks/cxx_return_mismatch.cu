// check-variants: default
void f() { return 1; }
