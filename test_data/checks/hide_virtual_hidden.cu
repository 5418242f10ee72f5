// check-variants: default; -Xcudafe --remarks; -diag-suppress 997
struct B { virtual void f(int); };
struct D : B { void f(double); };
