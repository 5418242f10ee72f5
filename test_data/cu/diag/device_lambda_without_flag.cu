// Diagnostic: a __device__ lambda in host code without --extended-lambda.
// Expected (cudafe++): device_lambda_without_flag.cu(8): error: __host__ or __device__ annotation on lambda requires --extended-lambda nvcc flag
template <typename F>
__global__ void run(F f) { f(); }

int main()
{
    run<<<1, 1>>>([] __device__() {});
    return 0;
}
