// check-variants: default
struct S { S() = delete; };
void h() { S s; }
