// check-variants: default
void f() { auto l = [] { return 1; }; (void)l(); }
