// check-variants: default
int g;
__managed__ int &m = g;
