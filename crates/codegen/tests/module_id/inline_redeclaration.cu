namespace n { inline int f(int); }
namespace n { int f(int x) { return x; } }
int later_fallback(int x) { return x; }
