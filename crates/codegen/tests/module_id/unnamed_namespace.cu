namespace { void f() { } int v = 1; }
int later_fallback(int x) { return x; }
