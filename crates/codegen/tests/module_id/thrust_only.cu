#include <thrust/device_vector.h>
#include <thrust/reduce.h>
int later_fallback(int x) { return x; }
