// check-variants: default
struct S { S() {} S(const S &) = delete; };
void h() { S a; S b(a); }
