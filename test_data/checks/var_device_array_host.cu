// check-variants: default
__device__ int arr[4];
int h() { return arr[1]; }
