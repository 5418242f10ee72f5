template <class T> struct S { int g(); };
template <> struct S<int> { int g(); inline int h(); };
int S<int>::h() { return 0; }
int S<int>::g() { return 1; }
