struct C { operator int() const; };
C::operator int() const { return 0; }
int later_fallback(int x) { return x; }
