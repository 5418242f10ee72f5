// check-variants: default; -Xcudafe --remarks
struct B { void f(); };
struct D : B { __device__ void f(); };
