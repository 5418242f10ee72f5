// check-variants: default
[[deprecated]] int f() { return 1; }
int h() { return f(); }
