// check-variants: default
int f(int);
int h() { return f(1, 2); }
