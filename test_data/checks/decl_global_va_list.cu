// check-variants: default
#include <cstdarg>
__global__ void k(va_list v) {}
