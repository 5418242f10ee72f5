// check-variants: default
template <class T> void f(int T);
