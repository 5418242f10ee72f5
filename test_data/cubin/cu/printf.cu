#include <cstdio>
__global__ void kprint(int x) { printf("hello %d from %d\n", x, threadIdx.x); }
__global__ void kprint2(float f, const char *s) { printf("%f %s\n", f, s); }
