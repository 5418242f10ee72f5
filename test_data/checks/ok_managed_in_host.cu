// check-variants: default
__managed__ int m;
int h() { m = 3; int *p = &m; return *p + m; }
