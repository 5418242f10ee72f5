struct C { operator const char *(); };
C::operator const char *() { return 0; }
int later_fallback(int x) { return x; }
