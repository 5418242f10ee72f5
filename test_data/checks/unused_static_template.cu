// check-variants: default
template <class T> static void f(T) {}
