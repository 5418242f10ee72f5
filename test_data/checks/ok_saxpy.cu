// check-variants: default; -Xcudafe --remarks
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
void run(float *x, float *y) { saxpy<<<4, 256>>>(1024, 2.0f, x, y); }
