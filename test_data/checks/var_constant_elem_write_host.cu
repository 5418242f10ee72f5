// check-variants: default
__constant__ int ca[4];
void h() { ca[0] = 1; }
