// check-variants: default
struct S { const int c; };
void h() { S s; (void)s; }
