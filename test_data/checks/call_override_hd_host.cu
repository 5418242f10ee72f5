// check-variants: default
struct B { __host__ __device__ virtual void f() {} };
struct D : B { void f() override {} };
