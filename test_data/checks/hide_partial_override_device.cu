// check-variants: default
struct B { __device__ virtual void f(int); __device__ virtual void f(float); };
struct D : B { __device__ void f(float) override; };
