void f();
int x = 1;
void f() { }
