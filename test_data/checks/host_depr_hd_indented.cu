// check-variants: default
[[deprecated]] __host__ __device__ int old(int x) { return x; }
__host__ __device__ int hd(int x) {
    int y = x + 1;
    return old(y);
}
