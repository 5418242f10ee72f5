// Kernel parameter shapes: scalars, pointers, structs with padding, over-aligned structs, arrays.
struct S1 { char c; double d; int i; };
struct __align__(16) S2 { float x, y, z; };
struct S3 { int a[5]; char c; };
struct S4 { char c[3]; };
__global__ void kmixed(char c, int i, double d, float *p, S1 s1, short sh, S2 s2, S3 s3, S4 s4,
                       long long ll, unsigned char uc) {
  p[threadIdx.x] = c + i + d + s1.d + sh + s2.x + s3.a[2] + s4.c[1] + ll + uc;
}
__global__ void knoparams() {}
__global__ void kone(int *out) { out[threadIdx.x] = threadIdx.x; }
