// check-variants: default
void f();
void f() = delete;
