// check-variants: default
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
int sum(int n) { thrust::device_vector<int> v(n, 1); return thrust::reduce(v.begin(), v.end()); }
