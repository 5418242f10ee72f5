struct S { static int x; };
int S::x;
int later_fallback(int x) { return x; }
