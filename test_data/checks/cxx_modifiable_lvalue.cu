// check-variants: default
const int c = 1;
void h() { c = 2; }
