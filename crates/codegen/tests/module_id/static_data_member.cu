struct S { static int x; };
int S::x = 3;
int later_fallback(int x) { return x; }
