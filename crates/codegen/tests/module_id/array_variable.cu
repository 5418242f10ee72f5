int arr[3] = {1, 2, 3};
int later_fallback(int x) { return x; }
