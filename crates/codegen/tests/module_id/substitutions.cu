struct S { };
void f(S *, S *, const S &, S) { }
int later_fallback(int x) { return x; }
