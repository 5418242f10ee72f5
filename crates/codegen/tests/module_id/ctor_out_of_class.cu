struct S { S(int); };
S::S(int) { }
int later_fallback(int x) { return x; }
