#include <string>
void f(const std::string &s) { }
int later_fallback(int x) { return x; }
