typedef unsigned int uint;
using F = float;
void f(uint, F) { }
int later_fallback(int x) { return x; }
