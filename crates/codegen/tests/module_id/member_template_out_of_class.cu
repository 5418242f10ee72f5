struct S { template <class T> void f(T); };
template <class T> void S::f(T) { }
int later_fallback(int x) { return x; }
