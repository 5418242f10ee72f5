namespace n { struct S { }; void f(S, S *) { } }
int later_fallback(int x) { return x; }
