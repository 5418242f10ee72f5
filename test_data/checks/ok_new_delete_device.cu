// check-variants: default
__global__ void k() { int *p = new int; *p = 1; delete p; int *a = new int[4]; delete[] a; }
