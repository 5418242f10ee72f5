// check-variants: default
[[unavailable]] int f() { return 1; }
int h() { return f(); }
