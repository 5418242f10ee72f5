// check-variants: default
__device__ int main() { return 0; }
