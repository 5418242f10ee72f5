// check-variants: default
__managed__ const int m = 1;
