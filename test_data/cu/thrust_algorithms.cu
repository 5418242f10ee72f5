// Covers: thrust: host_vector and device_vector, sequence, transform with a functor and with a
// placeholder expression, sort, reduce with an init value and plus, and copy back to the host.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
#include <thrust/functional.h>

struct square {
    __host__ __device__ int operator()(int x) const { return x * x; }
};

int main()
{
    thrust::host_vector<int> h(100);
    for (int i = 0; i < 100; ++i)
        h[i] = 100 - i;
    thrust::device_vector<int> d = h;
    thrust::sort(d.begin(), d.end());
    thrust::device_vector<int> sq(d.size());
    thrust::transform(d.begin(), d.end(), sq.begin(), square());
    thrust::transform(sq.begin(), sq.end(), sq.begin(), thrust::negate<int>());
    int total = thrust::reduce(sq.begin(), sq.end(), 0, thrust::plus<int>());
    thrust::device_vector<float> f(10);
    thrust::sequence(f.begin(), f.end(), 1.0f);
    float fsum = thrust::reduce(f.begin(), f.end());
    thrust::host_vector<int> back = d;
    return total < 0 && fsum == 55.0f && back[0] == 1 ? 0 : 1;
}
