struct S { constexpr int f() const; };
constexpr int S::f() const { return 1; }
int S_later(int x) { return x; }
