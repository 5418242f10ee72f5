__global__ void kmalloc(int n, int **out) {
  int *p = (int *)malloc(n * sizeof(int));
  if (p) { p[0] = n; out[threadIdx.x] = p; }
}
__global__ void kfree(int **in) { free(in[threadIdx.x]); }
