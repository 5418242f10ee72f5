// check-variants: default
struct Vec { float x, y;
  __host__ __device__ Vec operator+(const Vec &o) const { return {x + o.x, y + o.y}; }
  __host__ __device__ float dot(const Vec &o) const { return x * o.x + y * o.y; } };
__global__ void k(Vec *v) { v[0] = v[0] + v[1]; v[2].x = v[0].dot(v[1]); }
Vec host_add(Vec a, Vec b) { return a + b; }
