// check-variants: default
__shared__ int v;
void h() { v = 1; }
