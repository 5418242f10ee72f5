#include <vector>
void f(std::vector<int> v) { }
int later_fallback(int x) { return x; }
