void f(const char *, char *const, volatile int *) { }
int later_fallback(int x) { return x; }
