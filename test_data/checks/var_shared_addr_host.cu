// check-variants: default
__shared__ int v;
void *h() { return &v; }
