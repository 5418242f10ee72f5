// check-variants: default
int h() { return undefined_name; }
