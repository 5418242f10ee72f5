struct S { int g(int) const &; };
int S::g(int) const & { return 0; }
int later_fallback(int x) { return x; }
