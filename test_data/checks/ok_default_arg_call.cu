// check-variants: default
int f(int, int = 0);
int h() { return f(1); }
