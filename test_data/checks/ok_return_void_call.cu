// check-variants: default
void g();
void f() { return g(); }
