// Diagnostic: calling a __host__ function from a __device__ function.
// Expected (cicc, the device pass; cudafe++ itself is silent), both at line 7:
//   error: calling a __host__ function("host_helper(int)") from a __device__ function("device_user") is not allowed
//   error: identifier "host_helper" is undefined in device code
int host_helper(int x) { return x + 1; }

__device__ int device_user(int x) { return host_helper(x); }

__global__ void kernel(int *out) { out[threadIdx.x] = device_user(threadIdx.x); }
