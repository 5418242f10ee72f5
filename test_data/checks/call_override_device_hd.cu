// check-variants: default
struct B { __device__ virtual void f() {} };
struct D : B { __host__ __device__ void f() override {} };
