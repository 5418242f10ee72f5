// check-variants: default
namespace n { __managed__ float m; }
void h() { decltype(n::m) x = 0; (void)x; }
