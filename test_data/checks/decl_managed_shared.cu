// check-variants: default
__managed__ __shared__ int m;
