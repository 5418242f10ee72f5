struct Op { int operator+(int) const; };
int Op::operator+(int) const { return 1; }
int later_fallback(int x) { return x; }
