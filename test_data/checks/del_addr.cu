// check-variants: default
void f() = delete;
void *h() { return (void *)&f; }
