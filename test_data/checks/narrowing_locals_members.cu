// check-variants: default
struct W { int a; double b; };
struct S { int m[1] = {1.5}; };
void h(double d, int i) {
  int a[1] = {1.5};
  int b{2.5};
  W w{d, i};
  (void)a; (void)b; (void)w;
}
__global__ void k() {}
