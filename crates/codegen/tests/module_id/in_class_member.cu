struct S { void f() { } };
int later_fallback(int x) { return x; }
