// Diagnostic: using launch syntax on a __device__ function instead of a __global__ one.
// Expected (cudafe++), both at line 10:
//   error: calling a __device__ function("not_a_kernel(int *)") from a __host__ function("main") is not allowed
//   error: a __device__ function call cannot be configured
__device__ void not_a_kernel(int *p) { *p = 1; }

int main()
{
    int *p = nullptr;
    not_a_kernel<<<1, 1>>>(p);
    return 0;
}
