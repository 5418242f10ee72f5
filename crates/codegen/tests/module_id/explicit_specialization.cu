template <class T> void f(T) { }
template <> void f<int>(int) { }
int later_fallback(int x) { return x; }
