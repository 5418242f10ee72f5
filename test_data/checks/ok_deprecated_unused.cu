// check-variants: default
[[deprecated("old")]] int f();
int g() { return 1; }
