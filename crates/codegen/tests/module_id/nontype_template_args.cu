template <int N, bool B, unsigned long L> struct Q { };
void f(Q<-3, true, 7>) { }
int later_fallback(int x) { return x; }
