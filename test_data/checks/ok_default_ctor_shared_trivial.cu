// check-variants: default
struct T { int a; float b; };
__global__ void k() { __shared__ T t; t.a = 1; }
