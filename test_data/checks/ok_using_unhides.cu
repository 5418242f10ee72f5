// check-variants: default; -Xcudafe --remarks
struct B { virtual void f(int); virtual void f(double); };
struct D : B { using B::f; void f(int) override; };
