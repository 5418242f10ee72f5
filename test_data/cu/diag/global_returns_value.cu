// Diagnostic: a __global__ function must return void.
// Expected (cudafe++): global_returns_value.cu(3): error: a __global__ function must have a void return type
__global__ int bad_kernel(int *p) { return *p; }
