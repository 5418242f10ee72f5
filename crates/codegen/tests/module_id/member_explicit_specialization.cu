template <class T> struct S { void f(); };
template <class T> void S<T>::f() { }
template <> void S<int>::f() { }
int later_fallback(int x) { return x; }
