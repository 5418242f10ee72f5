// Diagnostic: reading and writing a __device__ variable in host code.
// Expected (cudafe++, warnings):
//   device_var_in_host.cu(9): warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
//   device_var_in_host.cu(10): warning #20092-D: a __device__ variable "dv" cannot be directly written in a host function
__device__ int dv;

int main()
{
    int x = dv;
    dv = 3;
    return x;
}
