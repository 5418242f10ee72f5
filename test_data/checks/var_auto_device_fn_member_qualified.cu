// check-variants: default
namespace n { __device__ auto g(int x) { return x * 2.0; } }
struct S { decltype(n::g(1)) a; };
