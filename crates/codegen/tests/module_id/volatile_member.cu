struct S { void f() volatile; };
void S::f() volatile { }
int later_fallback(int x) { return x; }
