// check-variants: default
__device__ Bar v;
