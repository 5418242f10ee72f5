// check-variants: default
__constant__ int v;
void *h() { return &v; }
