namespace n { template <class T> struct W { struct In { }; }; }
void f(n::W<int>::In, n::W<double>) { }
int later_fallback(int x) { return x; }
