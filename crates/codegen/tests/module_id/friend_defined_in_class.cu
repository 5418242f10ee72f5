struct S { friend void fr(S) { } };
int later_fallback(int x) { return x; }
