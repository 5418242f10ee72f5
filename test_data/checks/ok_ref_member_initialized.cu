// check-variants: default
int g;
struct S { int &r = g; };
void h() { S s; (void)s; }
