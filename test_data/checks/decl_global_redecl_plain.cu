// check-variants: default
__global__ void k1();
void k1() {}
