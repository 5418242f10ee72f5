template <class T> struct Box { };
template <template <class> class B> struct H { };
void f(H<Box>) { }
int later_fallback(int x) { return x; }
