// check-variants: default
template <class T> struct S { void g(int T) {} };
