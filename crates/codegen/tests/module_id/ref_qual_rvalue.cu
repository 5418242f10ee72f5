struct S { void f() &&; };
void S::f() && { }
int later_fallback(int x) { return x; }
