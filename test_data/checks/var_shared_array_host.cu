// check-variants: default
__shared__ int arr[4];
int h() { return arr[1]; }
