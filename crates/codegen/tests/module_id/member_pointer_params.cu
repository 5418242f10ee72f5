struct S { int m; int g(int); };
void f(int S::*, int (S::*)(int) const) { }
int later_fallback(int x) { return x; }
