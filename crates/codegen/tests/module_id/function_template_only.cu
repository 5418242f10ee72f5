template <class T> T f(T t) { return t; }
int later_fallback(int x) { return x; }
