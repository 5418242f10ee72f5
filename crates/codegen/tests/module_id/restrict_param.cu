void f(int *__restrict__ p, const int c) { }
int later_fallback(int x) { return x; }
