struct S { int a; };
S s = {1};
int later_fallback(int x) { return x; }
