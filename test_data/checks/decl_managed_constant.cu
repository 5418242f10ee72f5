// check-variants: default
__managed__ __constant__ int m;
