__global__ void klocal(int *out, int k) {
  int buf[64];
  for (int i = 0; i < 64; ++i) buf[i] = i * k;
  out[threadIdx.x] = buf[(threadIdx.x * 7 + k) & 63];
}
