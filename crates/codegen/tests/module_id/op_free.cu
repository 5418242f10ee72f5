struct V { int a; };
V operator*(V a, V) { return a; }
int later_fallback(int x) { return x; }
