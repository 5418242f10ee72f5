struct O { struct I { void g(double); }; };
void O::I::g(double) { }
int later_fallback(int x) { return x; }
