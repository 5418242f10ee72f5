// check-variants: default
void f() = delete;
void h() { f(); }
