// check-variants: default
__shared__ int s = 1;
