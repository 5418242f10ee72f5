// check-variants: default
void h() { auto l = [] { return 1; }; }
