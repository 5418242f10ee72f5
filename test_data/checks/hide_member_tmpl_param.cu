// check-variants: default
template <class T> struct S { int T; };
