// check-variants: default
struct M { M() = delete; M(int) {} };
struct S { M m{1}; };
void h() { S s; (void)s; }
