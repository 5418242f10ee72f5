// check-variants: default
template <class T> struct S { template <class T> void m(); };
