// check-variants: default
int h() { return 1 }
