// check-variants: default
struct P { int a, b; };
int h(P p) { auto [x, y] = p; return x + y; }
