// Diagnostic: a __shared__ variable with an initializer, and host code reading a namespace-scope
// __shared__ variable.
// Expected (cudafe++):
//   shared_var_in_host.cu(10): error: initializer not allowed for __shared__ variable
//   shared_var_in_host.cu(14): warning #20091-D: a __shared__ variable "sh" cannot be directly read in a host function
__shared__ int sh;

__global__ void kernel()
{
    __shared__ int init_not_allowed = 3;
    sh = init_not_allowed;
}

int main() { return sh; }
