// check-variants: default
#include <initializer_list>
__global__ void k(std::initializer_list<int> l) {}
