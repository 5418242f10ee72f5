#define K(n) __global__ void k##n(float *p, int i) { p[i + n] = p[i] * n; }
K(0) K(1) K(2) K(3) K(4) K(5) K(6) K(7) K(8) K(9) K(10) K(11)
