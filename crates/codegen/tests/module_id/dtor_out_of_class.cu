struct S { ~S(); };
S::~S() { }
int later_fallback(int x) { return x; }
