// check-variants: default; -Xcudafe --remarks
struct S { int x; S(int x) : x(x) {} };
