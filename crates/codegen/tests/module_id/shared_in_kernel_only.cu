__global__ void k() { __shared__ int s; }
