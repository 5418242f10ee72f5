// check-variants: default; -Xcudafe --remarks
struct B { void f(int); int x; };
struct D : B { void f(double); int x; };
