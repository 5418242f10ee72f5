// check-variants: default
void f(int);
void f(double) = delete;
void h() { f(1.0); }
