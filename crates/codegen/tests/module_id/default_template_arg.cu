template <class T, class U = int> struct P { };
void f(P<char>) { }
int later_fallback(int x) { return x; }
