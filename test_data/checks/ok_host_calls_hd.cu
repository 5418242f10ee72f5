// check-variants: default
__host__ __device__ float mix(float a, float b) { return 0.5f * (a + b); }
float h() { return mix(1.0f, 2.0f); }
