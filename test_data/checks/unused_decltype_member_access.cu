// check-variants: default
struct S { int m; int &r; };
void h(S s, const S &cs) { decltype(s.m) x = 0; decltype(cs.m) y = 1; decltype(s.r) z = x; (void)y; (void)z; }
