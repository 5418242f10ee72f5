// check-variants: default
__global__ void k(int *p) {
  auto inc = [](int x) { return x + 1; };
  p[0] = inc(p[0]);
}
