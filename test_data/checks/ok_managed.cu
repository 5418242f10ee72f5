// check-variants: default
__managed__ int counter;
__global__ void k() { atomicAdd(&counter, 1); }
int main() { counter = 0; k<<<1, 32>>>(); cudaDeviceSynchronize(); return counter == 32 ? 0 : 1; }
