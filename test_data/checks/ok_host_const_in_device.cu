// check-variants: default
const int N = 16;
constexpr float PI = 3.14159f;
const double E = 2.718;
__global__ void k(float *o) { o[0] = N * PI + (float)E; }
