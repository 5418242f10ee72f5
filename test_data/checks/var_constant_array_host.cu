// check-variants: default
__constant__ int arr[4];
int h() { return arr[1]; }
