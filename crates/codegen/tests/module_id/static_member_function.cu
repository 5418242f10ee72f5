struct S { static int f(); };
int S::f() { return 0; }
int later_fallback(int x) { return x; }
