// check-variants: default
template <class T> struct S {
  template <class U, class T> static U g(U u);
  template <class V> void h(V v);
};
