// check-variants: default
struct P { int a, b; };
__constant__ P cp;
__constant__ auto [x, y] = cp;
