// check-variants: default
struct B { __device__ virtual int f() { return 1; } };
struct D : B { __device__ int f() override { return 2; } };
__global__ void k(int *p) { D d; B *b = &d; *p = b->f(); }
