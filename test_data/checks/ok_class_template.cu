// check-variants: default
template <class T, int N> struct Arr { T v[N];
  __host__ __device__ T &operator[](int i) { return v[i]; }
  __host__ __device__ constexpr int size() const { return N; } };
__global__ void k(Arr<float, 4> *a) { (*a)[0] = (float)a->size(); }
