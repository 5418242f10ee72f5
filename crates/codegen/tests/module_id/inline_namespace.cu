namespace n { inline namespace v1 { void f() { } } }
int later_fallback(int x) { return x; }
