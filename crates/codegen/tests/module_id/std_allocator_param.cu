#include <memory>
void f(std::allocator<int>, std::unique_ptr<int>) { }
int later_fallback(int x) { return x; }
