// check-variants: default
__launch_bounds__(128) __device__ void f() {}
