// check-variants: default
struct B { virtual void f(int); virtual void f(double); };
struct D : B { void f(int) override; void f(double) override; };
