#include <utility>
int f(std::pair<int, char> p) { return p.first; }
int later_fallback(int x) { return x; }
