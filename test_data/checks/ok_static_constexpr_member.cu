// check-variants: default
struct C { static constexpr int n = 4; static constexpr float f = 0.5f; };
__global__ void k(float *o) { o[0] = C::n * C::f; }
