// check-variants: default
__managed__ int m;
template <class T> void h(T t) { decltype(m) x = t; (void)x; }
