// check-variants: -rdc=true
__global__ void child(int *p) { *p = 1; }
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
