enum E { A };
enum class F : short { B };
void f(E, F) { }
int later_fallback(int x) { return x; }
