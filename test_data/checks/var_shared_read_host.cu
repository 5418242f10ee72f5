// check-variants: default; -diag-suppress 20091; --Werror all-warnings
__shared__ int v;
int h() { return v; }
