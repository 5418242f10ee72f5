// check-variants: default; -G; -w
__constant__ int ca[4];
__global__ void k(int i) { ca[i] = i; }
__global__ void k2(int n) { for (int i = 0; i < n; i++) ca[i] = i; }
