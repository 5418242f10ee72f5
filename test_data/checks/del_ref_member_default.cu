// check-variants: default
struct S { int &r; };
void h() { S s; }
