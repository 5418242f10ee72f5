void f() = delete;
struct S { S(); };
S::S() = default;
int later_fallback(int x) { return x; }
