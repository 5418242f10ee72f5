// check-variants: default
__global__ int a() { return 0; }
__global__ int b() { return 0; }
__global__ int c() { return 0; }
