// check-variants: default
thread_local __device__ int a;
