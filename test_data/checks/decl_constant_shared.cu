// check-variants: default
__constant__ __shared__ int v;
