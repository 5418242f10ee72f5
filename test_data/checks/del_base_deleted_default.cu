// check-variants: default
struct B { int &r; };
struct D : B {};
void h() { D arr[2]; (void)arr; }
