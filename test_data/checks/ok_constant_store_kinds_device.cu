// check-variants: default
__constant__ int ca[4];
struct P { int x; int y[2]; };
__constant__ P cp;
__device__ void d1(int i) { ca[i] = 1; }
__host__ __device__ void hd(int i) { if (i > 9) ca[i] = 6; }
__global__ void k(int i) {
  ca[i] += 1;
  cp.y[1] = 2;
  ca[0]++;
  --cp.x;
  if (false) ca[3] = 4;
  if (true) { } else { cp.x = 1; }
  while (0) ca[1] = 2;
  auto f = [] { ca[2] = 9; };
  f();
  d1(i);
  hd(i);
}
static __global__ void ks(int i) { ca[i] = 3; }
