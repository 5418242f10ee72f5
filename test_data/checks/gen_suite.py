#!/usr/bin/env python3
"""Writes the check suite's programs (test_data/checks/*.cu) from the compact table below.

Each program is one concern; its first line names the nvcc option sets (variants) it is run
with: `// check-variants: default; --expt-relaxed-constexpr`. `default` means no extra option.
The references (`*.nvcc`) are recorded from the real nvcc by `cargo xtask diff-checks --record`.
"""
import os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
P = {}

def prog(name, src, variants=("default",)):
    assert name not in P, name
    P[name] = (src.strip("\n") + "\n", variants)

R = "-Xcudafe --remarks"
RC = "--expt-relaxed-constexpr"
RDC = "-rdc=true"
WE = "--Werror all-warnings"
EL = "--extended-lambda"

# ---------------------------------------------------------------- accepted programs (no output)
prog("ok_empty_kernel", "__global__ void k() {}\nint main() { k<<<1, 1>>>(); return 0; }")
prog("ok_saxpy", """
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
void run(float *x, float *y) { saxpy<<<4, 256>>>(1024, 2.0f, x, y); }
""", ("default", R))
prog("ok_device_calls_device", """
__device__ int sq(int x) { return x * x; }
__device__ int f(int x) { return sq(x) + 1; }
__global__ void k(int *p) { *p = f(*p); }
""")
prog("ok_hd_calls_hd", """
__host__ __device__ int add(int a, int b) { return a + b; }
__host__ __device__ int twice(int a) { return add(a, a); }
__global__ void k(int *p) { *p = twice(*p); }
int host_use() { return twice(3); }
""")
prog("ok_host_calls_hd", """
__host__ __device__ float mix(float a, float b) { return 0.5f * (a + b); }
float h() { return mix(1.0f, 2.0f); }
""")
prog("ok_templates", """
template <class T> __device__ T twice(T x) { return x + x; }
template <class T> __global__ void k(T *p) { *p = twice(*p); }
void run(int *p, float *q) { k<<<1, 1>>>(p); k<<<1, 1>>>(q); }
""")
prog("ok_shared_local", """
__global__ void k(int *out) {
  __shared__ int buf[32];
  buf[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = buf[31 - threadIdx.x];
}
""")
prog("ok_extern_shared", """
__global__ void k(float *out) {
  extern __shared__ float dyn[];
  dyn[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = dyn[threadIdx.x];
}
void run(float *o) { k<<<1, 32, 32 * sizeof(float)>>>(o); }
""")
prog("ok_constant_read", """
__constant__ float coef[4];
__global__ void k(float *o) { o[threadIdx.x] = coef[threadIdx.x % 4]; }
void setup(const float *h) { cudaMemcpyToSymbol(coef, h, sizeof(coef)); }
""")
prog("ok_managed", """
__managed__ int counter;
__global__ void k() { atomicAdd(&counter, 1); }
int main() { counter = 0; k<<<1, 32>>>(); cudaDeviceSynchronize(); return counter == 32 ? 0 : 1; }
""")
prog("ok_device_var_symbol", """
__device__ int dv;
__global__ void k() { dv = 1; }
int get() { int v; cudaMemcpyFromSymbol(&v, dv, sizeof v); return v; }
""")
prog("ok_struct_methods", """
struct Vec { float x, y;
  __host__ __device__ Vec operator+(const Vec &o) const { return {x + o.x, y + o.y}; }
  __host__ __device__ float dot(const Vec &o) const { return x * o.x + y * o.y; } };
__global__ void k(Vec *v) { v[0] = v[0] + v[1]; v[2].x = v[0].dot(v[1]); }
Vec host_add(Vec a, Vec b) { return a + b; }
""")
prog("ok_constexpr_hd", """
constexpr __host__ __device__ int sq(int x) { return x * x; }
__global__ void k(int *p) { *p = sq(3); }
static_assert(sq(4) == 16, "sq");
""")
prog("ok_constexpr_host_relaxed", """
constexpr int sq(int x) { return x * x; }
__device__ int f(int x) { return sq(x); }
""", (RC,))
prog("ok_consteval_from_device", """
consteval int five() { return 5; }
__device__ int f() { return five(); }
""", ("-std=c++20",))
prog("ok_lambda_in_kernel", """
__global__ void k(int *p) {
  auto inc = [](int x) { return x + 1; };
  p[0] = inc(p[0]);
}
""")
prog("ok_extended_lambda", """
template <class F> __global__ void apply(F f, int *p) { p[threadIdx.x] = f(threadIdx.x); }
void run(int *p) { apply<<<1, 8>>>([] __device__ (int i) { return 2 * i; }, p); }
""", (EL,))
prog("ok_launch_bounds", """
__global__ void __launch_bounds__(256, 2) k(float *p) { p[threadIdx.x] = 0.0f; }
""")
prog("ok_grid_constant", """
struct Params { int n; float a; };
__global__ void k(const __grid_constant__ Params p, float *o) { o[0] = p.a * p.n; }
""")
prog("ok_lvalue_ref_kernel_param", "__global__ void k(int &r) { r = 1; }")
prog("ok_device_variadic", """
__device__ int count(int n, ...) { return n; }
__global__ void k(int *p) { *p = count(1, 2); }
""")
prog("ok_namespaces", """
namespace a { namespace b { __device__ int f() { return 1; } } }
__global__ void k(int *p) { *p = a::b::f(); }
void run(int *p) { k<<<1, 1>>>(p); }
""")
prog("ok_class_template", """
template <class T, int N> struct Arr { T v[N];
  __host__ __device__ T &operator[](int i) { return v[i]; }
  __host__ __device__ constexpr int size() const { return N; } };
__global__ void k(Arr<float, 4> *a) { (*a)[0] = (float)a->size(); }
""")
prog("ok_virtual_device", """
struct B { __device__ virtual int f() { return 1; } };
struct D : B { __device__ int f() override { return 2; } };
__global__ void k(int *p) { D d; B *b = &d; *p = b->f(); }
""")
prog("ok_hd_cuda_arch_guard", """
void host_only() {}
__device__ void dev_only() {}
__host__ __device__ void both() {
#ifdef __CUDA_ARCH__
  dev_only();
#else
  host_only();
#endif
}
""")
prog("ok_uneval_operands", """
__device__ int d();
void h() { (void)sizeof(d()); decltype(d()) x = 0; (void)x; }
""")
prog("ok_fnptr_device", """
__device__ int d(int x) { return x; }
__device__ int call(int (*f)(int), int x) { return f(x); }
__global__ void k(int *p) { *p = call(d, 3); }
""")
prog("ok_host_address_of_device_fn", """
__device__ void d() {}
void *h() { return (void *)&d; }
""")
prog("ok_new_delete_device", """
__global__ void k() { int *p = new int; *p = 1; delete p; int *a = new int[4]; delete[] a; }
""")
prog("ok_printf", """
#include <cstdio>
__global__ void k() { printf("%d\\n", threadIdx.x); }
""")
prog("ok_atomics", """
__global__ void k(int *c, float *f) { atomicAdd(c, 1); atomicMax(c + 1, 3); atomicAdd(f, 1.0f); }
""")
prog("ok_warp", """
__global__ void k(int *p) { int v = p[threadIdx.x]; v += __shfl_down_sync(0xffffffff, v, 1); p[threadIdx.x] = v; }
""")
prog("ok_static_shared_in_device", """
__device__ int f() { static __shared__ int s; s = 1; return s; }
__global__ void k(int *p) { *p = f(); }
""")
prog("ok_static_constant_local", "__device__ int f() { static __constant__ int c = 1; return c; }\n__global__ void k(int *p) { *p = f(); }")
prog("ok_constant_array_element_write_device", """
__constant__ int ca[4];
struct P { int x; };
__constant__ P cp;
__global__ void k() { ca[0] = 1; cp.x = 2; }
""")
prog("ok_host_const_in_device", """
const int N = 16;
constexpr float PI = 3.14159f;
const double E = 2.718;
__global__ void k(float *o) { o[0] = N * PI + (float)E; }
""")
prog("ok_static_constexpr_member", """
struct C { static constexpr int n = 4; static constexpr float f = 0.5f; };
__global__ void k(float *o) { o[0] = C::n * C::f; }
""")
prog("ok_managed_in_host", """
__managed__ int m;
int h() { m = 3; int *p = &m; return *p + m; }
""")
prog("ok_address_of_device_var_host", """
__device__ int dv;
__constant__ int cv;
void *h() { void *a = &dv; void *b = &cv; return a ? a : b; }
""")
prog("ok_device_var_ref_bind_host", """
__device__ int dv;
void h() { int &r = dv; (void)r; }
""")
prog("ok_device_var_in_host_template", """
__device__ int dv;
template <class T> T h() { return dv; }
int use() { return h<int>(); }
""")
prog("ok_nsscope_init_device_var", """
__device__ int dv;
int *p = &dv;
""")
prog("ok_sizeof_device_var_host", "__device__ int dv[8];\nunsigned long h() { return sizeof(dv); }")
prog("ok_hd_template_dep_dev", """
struct S { __device__ static int g() { return 1; } };
template <class T> __host__ __device__ int f() { return T::g(); }
__global__ void k(int *p) { *p = f<S>(); }
int h() { return f<S>(); }
""")
prog("ok_dep_host_template_dev", """
struct S { __device__ static int g() { return 1; } };
template <class T> int f() { return T::g(); }
int h() { return f<S>(); }
""")
prog("ok_hd_inline_unused_to_h", """
void h() {}
inline __host__ __device__ void hd() { h(); }
""")
prog("ok_device_inline_unused_to_h", """
void h() {}
inline __device__ void d() { h(); }
""")
prog("ok_device_template_uninst_to_h", """
void h() {}
template <class T> __device__ void d(T) { h(); }
""")
prog("ok_hd_template_uninst_to_h", """
void h() {}
template <class T> __host__ __device__ void f(T) { h(); }
""")
prog("ok_nsscope_init_calls_d", """
__device__ int d() { return 1; }
int x = d();
""")
prog("ok_kernel_fnptr_nsscope", """
__global__ void k(int *) {}
__device__ void d(int *) {}
void (*pk)(int *) = k;
void (*pd)(int *) = d;
""")
prog("ok_device_fnptr_param_call", "__device__ void call(void (*f)()) { f(); }")
prog("ok_launch_rdc_from_device", """
__global__ void child(int *p) { *p = 1; }
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
""", (RDC,))
prog("ok_non_virtual_hiding", """
struct B { void f(int); int x; };
struct D : B { void f(double); int x; };
""", ("default", R))
prog("ok_using_unhides", """
struct B { virtual void f(int); virtual void f(double); };
struct D : B { using B::f; void f(int) override; };
""", ("default", R))
prog("ok_friend_global_decl", """
struct S { friend __global__ void k(S); int v; };
__global__ void k(S s) {}
""")
prog("ok_device_managed_combo", """
__device__ __managed__ int m1;
__device__ __constant__ int c1;
__device__ __shared__ int s1;
__global__ void k() { m1 = c1 + s1; }
""")
prog("ok_extern_shared_scalar", "__global__ void k() { extern __shared__ int one; one = 1; }")
prog("ok_static_int_device_const_init", "__device__ int f() { static int a = 1; return a++; }")
prog("ok_default_ctor_shared_trivial", """
struct T { int a; float b; };
__global__ void k() { __shared__ T t; t.a = 1; }
""")
prog("ok_implicit_members_device_only", """
struct M { __device__ M() {} __device__ ~M() {} };
struct S { M m; };
void h(S *p) { (void)p; }
""")
prog("ok_operator_overload_device", """
struct V { float x; };
__device__ V operator+(V a, V b) { return {a.x + b.x}; }
__global__ void k(V *v) { v[0] = v[1] + v[2]; }
""")
prog("ok_deprecated_unused", """
[[deprecated("old")]] int f();
int g() { return 1; }
""")
prog("ok_cxx20_concepts", """
template <class T> concept Small = sizeof(T) <= 4;
template <Small T> __device__ T id(T x) { return x; }
__global__ void k(int *p) { *p = id(*p); }
""", ("-std=c++20",))
prog("ok_if_constexpr", """
template <int N> __device__ int f() { if constexpr (N > 0) return N; else return -1; }
__global__ void k(int *p) { *p = f<3>() + f<0>(); }
""")
prog("ok_structured_bindings_host", """
struct P { int a, b; };
int h(P p) { auto [x, y] = p; return x + y; }
""")
prog("ok_range_for_device", """
__global__ void k(int *o) { int a[3] = {1, 2, 3}; int s = 0; for (int v : a) s += v; *o = s; }
""")
prog("ok_cluster_dims", "__global__ void __cluster_dims__(2, 1, 1) k(int *p) { p[0] = 1; }")
prog("ok_half", """
#include <cuda_fp16.h>
__global__ void k(__half *h) { h[0] = __hadd(h[0], h[1]); }
""")
prog("ok_cg", """
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *p) { auto b = cg::this_thread_block(); b.sync(); p[b.thread_rank()] = 0; }
""")
prog("ok_remarks_clean", "int add(int a, int b) { return a + b; }", (R,))
prog("ok_rdc_inline_device_var", "inline __device__ int v = 1;\n__global__ void k(int *p) { *p = v; }", (RDC,))
prog("ok_static_inline_device_var", "static __device__ int v = 1;\n__global__ void k(int *p) { *p = v; }")
prog("ok_diag_suppress_177", "static __device__ void unused() {}", ("-diag-suppress 177", "-diag-suppress=declared_but_not_referenced"))
prog("ok_launch_in_template_host", """
template <class T> __global__ void k(T *p) { *p = T(); }
template <class T> void run(T *p) { k<<<1, 1>>>(p); }
void go(float *p) { run(p); }
""")
prog("ok_enum_device", """
enum class Op { Add, Mul };
__device__ int apply(Op o, int a, int b) { return o == Op::Add ? a + b : a * b; }
__global__ void k(int *p) { *p = apply(Op::Mul, 2, 3); }
""")
prog("ok_cub_include", """
#include <cub/block/block_reduce.cuh>
__global__ void k(int *o) {
  using R = cub::BlockReduce<int, 128>;
  __shared__ typename R::TempStorage tmp;
  int s = R(tmp).Sum(threadIdx.x);
  if (threadIdx.x == 0) *o = s;
}
""")
prog("ok_thrust_include", """
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
int sum(int n) { thrust::device_vector<int> v(n, 1); return thrust::reduce(v.begin(), v.end()); }
""")

# ---------------------------------------------------------------- section 2: calls across spaces
prog("call_h_to_d", "__device__ int d() { return 1; }\nint h() { return d(); }", ("default", "-diag-suppress 20007", "-diag-warn 20007"))
prog("call_hexplicit_to_d", "__device__ void d() {}\n__host__ void h() { d(); }")
prog("call_d_to_h", "int h() { return 1; }\n__device__ int d() { return h(); }", ("default", "-Xcudafe --diag_suppress=20016"))
prog("call_g_to_h", "void h() {}\n__global__ void k() { h(); }")
prog("call_hd_to_h", "void h() {}\n__host__ __device__ void hd() { h(); }", ("default", "-diag-suppress 20011", "-diag-error 20011", WE, "-diag-suppress=h_hd_illegal_call"))
prog("call_hd_to_d", "__device__ void d() {}\n__host__ __device__ void hd() { d(); }")
prog("call_d_to_h_args", "void h(int, float) {}\n__device__ void d() { h(1, 2.0f); }")
prog("call_g_to_h_twice", "void h() {}\n__global__ void k() { h(); h(); }")
prog("call_h_to_d_member", """
struct S { __device__ void m() {} };
void h(S &s) { s.m(); }
""")
prog("call_d_to_h_member", """
struct S { void m() {} };
__device__ void d(S &s) { s.m(); }
""")
prog("call_h_to_d_ns", """
namespace n { __device__ int d(int x) { return x; } }
int h() { return n::d(1); }
""")
prog("call_launch_from_device", """
__global__ void child() {}
__device__ void d() { child<<<1, 1>>>(); }
""", ("default", RDC))
prog("call_launch_from_global", """
__global__ void child() {}
__global__ void parent() { child<<<1, 1>>>(); }
""", ("default", RDC))
prog("call_launch_from_hd", """
__global__ void child() {}
__host__ __device__ void hd() { child<<<1, 1>>>(); }
""", ("default", RDC))
prog("call_kernel_no_config_host", "__global__ void k() {}\nvoid h() { k(); }", ("default", RDC))
prog("call_kernel_no_config_device", "__global__ void k() {}\n__device__ void d() { k(); }")
prog("call_main_device", "__device__ int main() { return 0; }")
prog("call_main_global_void", "__global__ void main() {}")
prog("call_hd_inline_used_host_to_h", """
void h() {}
inline __host__ __device__ void hd() { h(); }
void use() { hd(); }
""")
prog("call_hd_inline_used_dev_to_h", """
void h() {}
inline __host__ __device__ void hd() { h(); }
__global__ void k() { hd(); }
""")
prog("call_d_static_unused_to_h", """
void h() {}
static __device__ void d() { h(); }
""")
prog("call_d_inline_addr_host_to_h", """
void h() {}
inline __device__ void d() { h(); }
void *use() { return (void *)&d; }
""")
prog("call_hd_static_unused_to_d", """
__device__ void d() {}
static __host__ __device__ void hd() { d(); }
""")
prog("call_h_inline_unused_to_d", """
__device__ void d() {}
inline void h() { d(); }
""")
prog("call_tmpl_h_to_d_uninst", """
__device__ int d() { return 1; }
template <class T> T h() { return d(); }
""")
prog("call_tmpl_hd_to_d", """
__device__ int d() { return 1; }
template <class T> __host__ __device__ T f() { return d(); }
int use() { return f<int>(); }
""")
prog("call_tmpl_hd_to_h_inst_host", """
int h() { return 1; }
template <class T> __host__ __device__ T f() { return h(); }
int use() { return f<int>(); }
""")
prog("call_tmpl_hd_to_h_inst_dev", """
int h() { return 1; }
template <class T> __host__ __device__ T f() { return h(); }
__global__ void k(int *p) { *p = f<int>(); }
""")
prog("call_tmpl_hd_to_h_explicit", """
int h() { return 1; }
template <class T> __host__ __device__ T f() { return h(); }
template int f<int>();
""")
prog("call_tmpl_dependent_hd_to_T", """
struct S { static int g() { return 1; } };
template <class T> __host__ __device__ int f() { return T::g(); }
__global__ void k(int *p) { *p = f<S>(); }
""")
prog("call_tmpl_d_to_h_inst", """
void h() {}
template <class T> __device__ void d(T) { h(); }
__global__ void k() { d(1); }
""")
prog("call_tmpl_g_to_h_launched", """
void h() {}
template <class T> __global__ void k(T) { h(); }
void run() { k<<<1, 1>>>(1); }
""")
prog("call_chain_nested", """
void h() {}
__device__ void mid() { h(); }
__global__ void k() { mid(); }
""")
prog("call_hd_to_hd_tmpl_to_h", """
void h() {}
template <class T> __host__ __device__ void inner(T) { h(); }
__host__ __device__ void outer() { inner(1); }
""")
prog("call_cx_host_from_device", """
constexpr int c(int x) { return x + 1; }
__device__ int d() { return c(1); }
""", ("default", RC))
prog("call_cx_host_from_global", """
constexpr int c(int x) { return x + 1; }
__global__ void k(int *p) { *p = c(1); }
""", ("default", RC))
prog("call_cx_host_from_hd", """
constexpr int c(int x) { return x + 1; }
__host__ __device__ int hd() { return c(1); }
""", ("default", RC))
prog("call_cx_host_from_hd_inline_unused", """
constexpr int c(int x) { return x + 1; }
inline __host__ __device__ int hd() { return c(1); }
""", ("default", RC))
prog("call_cx_device_from_host", """
constexpr __device__ int c(int x) { return x + 1; }
int h() { return c(1); }
""", ("default", RC))
prog("call_cx_device_from_hd", """
constexpr __device__ int c(int x) { return x + 1; }
__host__ __device__ int hd() { return c(1); }
""", ("default", RC))
prog("call_cx_std_max_device", """
#include <algorithm>
__device__ int d(int a, int b) { return std::max(a, b); }
""", ("default", RC))
prog("call_cx_template_device", """
template <class T> constexpr T twice(T x) { return 2 * x; }
__device__ int d() { return twice(3); }
""", ("default", RC))
prog("call_cx_static_assert_device", """
constexpr int c() { return 1; }
__device__ void d() { static_assert(c() == 1, ""); }
""", ("default", RC))
prog("call_consteval_device", """
consteval int c() { return 1; }
__device__ int d() { return c(); }
""", ("-std=c++20",))
prog("call_virtual_h_to_d", """
struct B { __device__ virtual void f() {} };
void h(B *b) { b->f(); }
""")
prog("call_virtual_d_to_h", """
struct B { virtual void f() {} };
__device__ void d(B *b) { b->f(); }
""")
prog("call_override_host_device", """
struct B { virtual void f() {} };
struct D : B { __device__ void f() override {} };
""")
prog("call_override_host_hd", """
struct B { virtual void f() {} };
struct D : B { __host__ __device__ void f() override {} };
""")
prog("call_override_device_hd", """
struct B { __device__ virtual void f() {} };
struct D : B { __host__ __device__ void f() override {} };
""")
prog("call_override_device_host", """
struct B { __device__ virtual void f() {} };
struct D : B { void f() override {} };
""")
prog("call_override_hd_host", """
struct B { __host__ __device__ virtual void f() {} };
struct D : B { void f() override {} };
""")
prog("call_override_hd_device", """
struct B { __host__ __device__ virtual void f() {} };
struct D : B { __device__ void f() override {} };
""")
prog("call_device_fn_address_in_device", """
void h() {}
__device__ void *d() { return (void *)&h; }
""")
prog("call_impl_ctor_device_from_host", """
struct S { __device__ S() {} };
void h() { S s; (void)s; }
""")
prog("call_impl_dtor_device_from_host", """
struct S { S() = default; __device__ ~S() {} };
void h() { S s; }
""")
prog("call_impl_operator_device_from_host", """
struct V { int x; };
__device__ V operator+(V a, V b) { return {a.x + b.x}; }
V h(V a, V b) { return a + b; }
""")
prog("call_impl_ctor_host_from_device", """
struct S { S() {} };
__device__ void d() { S s; (void)s; }
""")
prog("call_impl_conversion_host_from_device", """
struct V { operator int() const { return 1; } };
__device__ int d(V v) { return v; }
""")
prog("call_impl_member_host_ctor", """
struct M { M() {} };
struct S { M m; };
__device__ void d() { S s; (void)s; }
""")
prog("call_lambda_annot_no_flag", """
void h() { auto l = [] __device__ (int x) { return x; }; (void)l; }
""", ("default", EL))
prog("call_lambda_hd_annot_no_flag", """
void h() { auto l = [] __host__ __device__ (int x) { return x; }; (void)l; }
""", ("default", EL))
prog("call_lambda_in_global_to_h", """
void h() {}
__global__ void k(int *p) { auto l = [] { h(); }; l(); }
""")
prog("call_lambda_in_host_to_d", """
__device__ void d() {}
void h() { auto l = [] { d(); }; l(); }
""")
prog("call_lambda_in_hd_to_h", """
void h() {}
__host__ __device__ void hd() { auto l = [] { h(); }; l(); }
""")
prog("call_lambda_ext_dev_to_h_kernel", """
void h() {}
template <class F> __global__ void k(F f) { f(); }
void run() { k<<<1, 1>>>([] __device__ { h(); }); }
""", (EL,))
prog("call_lambda_ext_ref_capture", """
template <class F> __global__ void k(F f) { f(); }
void run() { int x = 0; k<<<1, 1>>>([&] __device__ { (void)x; }); }
""", (EL,))
prog("call_defarg_d_to_h", """
int h() { return 1; }
__device__ int take(int x = h()) { return x; }
__device__ int caller() { return take(); }
""")
prog("call_defarg_host_to_d", """
__device__ int d() { return 1; }
int take(int x = d());
""")
prog("call_pragma_exec_check_hd_to_h", """
void h() {}
#pragma nv_exec_check_disable
__host__ __device__ void hd() { h(); }
__global__ void k() { hd(); }
""")
prog("call_pragma_hd_warning_hd_to_h", """
void h() {}
#pragma hd_warning_disable
__host__ __device__ void hd() { h(); }
__global__ void k() { hd(); }
""")
prog("call_pragma_exec_check_hd_to_d", """
__device__ void d() {}
#pragma nv_exec_check_disable
__host__ __device__ void hd() { d(); }
""")
prog("call_pragma_hd_warning_hd_to_d", """
__device__ void d() {}
#pragma hd_warning_disable
__host__ __device__ void hd() { d(); }
""")
prog("call_pragma_exec_check_d_to_h", """
void h() {}
#pragma nv_exec_check_disable
__device__ void d() { h(); }
""")
prog("call_pragma_diag_suppress_20011", """
void h() {}
#pragma nv_diag_suppress 20011
__host__ __device__ void hd() { h(); }
""")
prog("call_pragma_diag_error_20011", """
void h() {}
#pragma nv_diag_error 20011
__host__ __device__ void hd() { h(); }
""")
prog("call_pragma_diag_suppress_20007", """
__device__ void d() {}
#pragma nv_diag_suppress 20007
void h() { d(); }
""")
prog("call_overload_spaces", """
__device__ int f(int) { return 1; }
int f(float) { return 2; }
int h() { return f(1.0f); }
__device__ int d() { return f(1); }
""")
prog("call_h_to_hd_to_d_chain", """
__device__ void d() {}
__host__ __device__ void hd() { d(); }
void h() { hd(); }
""")
prog("call_h_to_d_twice_same_line", "__device__ int d() { return 1; }\nint h() { return d() + d(); }")
prog("call_h_to_d_in_ctor", """
__device__ int d() { return 1; }
struct S { int v; S() : v(d()) {} };
""")

# ---------------------------------------------------------------- section 3: variables
for space in ("__device__", "__constant__", "__shared__"):
    tag = space.strip("_")
    prog(f"var_{tag}_read_host", f"{space} int v;\nint h() {{ return v; }}", ("default", "-diag-suppress 20091", WE))
    prog(f"var_{tag}_write_host", f"{space} int v;\nvoid h() {{ v = 1; }}")
    prog(f"var_{tag}_addr_host", f"{space} int v;\nvoid *h() {{ return &v; }}")
    prog(f"var_{tag}_incr_host", f"{space} int v;\nvoid h() {{ v++; }}")
    prog(f"var_{tag}_array_host", f"{space} int arr[4];\nint h() {{ return arr[1]; }}")
    prog(f"var_{tag}_in_hd", f"{space} int v;\n__host__ __device__ int hd() {{ return v; }}")
prog("var_constant_compound_host", "__constant__ int v;\nvoid h() { v += 1; }")
prog("var_constant_elem_write_host", "__constant__ int ca[4];\nvoid h() { ca[0] = 1; }")
prog("var_constant_write_device", "__constant__ int c;\n__global__ void k() { c = 1; }")
prog("var_constant_incr_device", "__constant__ int c;\n__device__ void d() { c++; }")
prog("var_host_read_device", "int hv;\n__device__ int d() { return hv; }")
prog("var_host_write_device", "int hv;\n__global__ void k() { hv = 1; }")
prog("var_host_addr_device", "int hv;\n__device__ int *d() { return &hv; }")
prog("var_host_read_hd", "int hv;\n__host__ __device__ int hd() { return hv; }")
prog("var_host_static_member_device", "struct S { static int m; };\n__device__ int d() { return S::m; }")
prog("var_host_in_device_template_uninst", "int hv;\ntemplate <class T> __device__ T d() { return hv; }")
prog("var_host_sizeof_device", "int hv;\n__device__ unsigned long d() { return sizeof(hv); }")
prog("var_anon_union_device", "static union { int a; float b; };\n__device__ int d() { return a; }")
prog("var_const_dynamic_init_device", "int f();\nconst int ci = f();\n__device__ int d() { return ci; }")
prog("var_constexpr_array_runtime_device", "constexpr int arr[3] = {1, 2, 3};\n__device__ int d(int i) { return arr[i]; }")
prog("var_constexpr_addr_device", "constexpr int ci = 3;\n__device__ const int *d() { return &ci; }")
prog("var_managed_decltype", "__managed__ int m;\nvoid h() { decltype(m) x = 0; (void)x; }")
prog("var_managed_decltype_paren", "__managed__ int m;\nvoid h() { decltype((m)) x = m; (void)x; }")
prog("var_device_const_read_host", "__device__ const int v = 4;\nint h() { return v; }")
prog("var_device_read_host_diag_tag", "__device__ int v;\nint h() { return v; }", ("-diag-suppress=device_var_read_in_host", "-diag-error 20091"))
prog("var_auto_device_fn_host", "__device__ auto f() { return 1; }\nint h() { return f(); }")
prog("var_auto_device_fn_nsscope", "__device__ auto f() { return 1; }\nusing T = decltype(f());")
prog("var_auto_device_fn_device", "__device__ auto f() { return 1; }\n__device__ int g() { return f(); }")

# ---------------------------------------------------------------- section 4: declarations
prog("decl_shared_init_ns", "__shared__ int s = 1;")
prog("decl_shared_init_local", "__global__ void k() { __shared__ int s = 1; (void)s; }")
prog("decl_shared_static_init_local", "__device__ void d() { static __shared__ int b = 0; (void)b; }")
prog("decl_shared_dyn_ns", "struct S { S() {} };\n__shared__ S s;")
prog("decl_shared_dyn_local", "struct S { __device__ S() {} };\n__global__ void k() { __shared__ S s; (void)s; }", ("default", "-diag-suppress 20054"))
prog("decl_static_dyn_init_device_fn", "__device__ int dg() { return 1; }\n__device__ void d() { static int b = dg(); (void)b; }")
prog("decl_device_dyn_init", "int g();\n__device__ int a = g();")
prog("decl_device_dyn_ctor", "struct S { __device__ S() {} };\n__device__ S s;")
prog("decl_device_local_in_host", "void h() { __device__ int v; (void)v; }")
prog("decl_constant_local_in_host", "void h() { __constant__ int v; (void)v; }")
prog("decl_managed_local_in_host", "void h() { __managed__ int v; (void)v; }")
prog("decl_shared_local_in_host", "void h() { __shared__ int v; (void)v; }")
prog("decl_static_device_local_in_host", "void h() { static __device__ int v; (void)v; }")
prog("decl_device_local_in_device", "__device__ void d() { __device__ int v; (void)v; }")
prog("decl_constant_local_in_device", "__device__ void d() { __constant__ int v; (void)v; }")
prog("decl_managed_local_in_global", "__global__ void k() { __managed__ int v; (void)v; }")
prog("decl_global_int_return", "__global__ int k() { return 0; }")
prog("decl_global_trailing_int", "__global__ auto k() -> int { return 0; }")
prog("decl_global_trailing_void", "__global__ auto k() -> void {}")
prog("decl_global_deduced", "__global__ auto k() {}")
prog("decl_global_member", "struct S { __global__ void k() {} };")
prog("decl_global_static_member", "struct S { __global__ static void k() {} };")
prog("decl_global_friend_def", "struct S { friend __global__ void k(S) {} };")
prog("decl_global_ellipsis", "__global__ void k(int n, ...) {}")
prog("decl_global_ellipsis_decl", "__global__ void k(int n, ...);")
prog("decl_global_pack_not_last", "template <class... T, class U> __global__ void k2(U, T...) {}")
prog("decl_global_rvalue_ref", "__global__ void k(int &&r) {}")
prog("decl_global_constexpr", "constexpr __global__ void k() {}")
prog("decl_global_consteval", "consteval __global__ void k() {}", ("-std=c++20",))
prog("decl_global_noexcept", "__global__ void k() noexcept {}")
prog("decl_global_operator", "struct S {};\n__global__ void operator+(S, S) {}")
prog("decl_global_init_list", "#include <initializer_list>\n__global__ void k(std::initializer_list<int> l) {}")
prog("decl_global_va_list", "#include <cstdarg>\n__global__ void k(va_list v) {}")
prog("decl_global_inline_unnamed_ns", "inline namespace { __global__ void k() {} }")
prog("decl_device_var_inline_unnamed_ns", "inline namespace { __device__ int v; }")
prog("decl_grid_constant_nonconst", "__global__ void k(__grid_constant__ int x) {}")
prog("decl_grid_constant_ref", "__global__ void k(__grid_constant__ const int &x) {}")
prog("decl_grid_constant_device_fn", "__device__ void f(__grid_constant__ const int x) {}")
prog("decl_launch_bounds_device", "__launch_bounds__(128) __device__ void f() {}")
prog("decl_launch_bounds_host", "__launch_bounds__(128) void f() {}")
prog("decl_constant_shared", "__constant__ __shared__ int v;")
prog("decl_global_device", "__global__ __device__ void k() {}")
prog("decl_global_host", "__global__ __host__ void k() {}")
prog("decl_device_field", "struct S { __device__ int x; };")
prog("decl_shared_param", "__device__ void f(__shared__ int p) {}")
prog("decl_static_device_member", "struct S { static __device__ int m; };\n__device__ int S::m;")
prog("decl_static_device_member_decl_only", "struct S { static __constant__ int m; };")
prog("decl_managed_const", "__managed__ const int m = 1;")
prog("decl_managed_ref", "int g;\n__managed__ int &m = g;")
prog("decl_managed_shared", "__managed__ __shared__ int m;")
prog("decl_managed_constant", "__managed__ __constant__ int m;")
prog("decl_constexpr_shared", "__global__ void k() { constexpr __shared__ int s = 1; (void)s; }")
prog("decl_constexpr_managed", "constexpr __managed__ int m = 1;")
prog("decl_constexpr_device_ok", "constexpr __device__ int v = 1;\nconstexpr __constant__ int c = 2;\n__global__ void k(int *p) { *p = v + c; }")
prog("decl_device_structured_binding", "struct P { int a, b; };\n__device__ P p;\n__device__ auto [x, y] = p;")
prog("decl_inline_device_var", "inline __device__ int v = 1;", ("default", RDC))
prog("decl_inline_constant_var", "inline __constant__ int v = 1;", ("default", RDC))
prog("decl_shared_range_for", "__global__ void k() { int a[2] = {1, 2}; for (__shared__ int x : a) (void)x; }")
prog("decl_shared_zero_size", "__global__ void k() { __shared__ int z[0]; (void)z; }")
prog("decl_thread_local_device", "thread_local __device__ int a;")
prog("decl_thread_local_in_device_fn", "__device__ int f() { thread_local int b = 0; return b; }")
prog("decl_throw_device", "__device__ void d() { throw 1; }")
prog("decl_try_device", "__device__ void d() { try {} catch (...) {} }")
prog("decl_throw_host_ok", "void h() { try { throw 1; } catch (int) {} }")
prog("decl_global_redecl_plain", "__global__ void k1();\nvoid k1() {}")
prog("decl_global_redecl_device", "__global__ void k1();\n__device__ void k1() {}")
prog("decl_device_redecl_host", "__device__ void f();\n__host__ void f() {}")
prog("decl_device_redecl_plain", "__device__ void f();\nvoid f() {}")
prog("decl_host_redecl_device", "void h();\n__device__ void h() {}")
prog("decl_var_redecl_constant", "extern __device__ int v;\nextern __constant__ int v;")
prog("decl_kernel_tmpl_local_type", """
template <class T> __global__ void k(T) {}
void h() { struct L { int a; }; k<<<1, 1>>>(L{}); }
""")
prog("decl_kernel_tmpl_private_type", """
template <class T> __global__ void k(T) {}
class C { struct P { int a; }; public: static void run() { k<<<1, 1>>>(P{}); } };
""")
prog("decl_void_main_device", "__device__ void main() {}")
prog("decl_global_default_arg_ok", "__global__ void k(int n = 3) {}\nvoid h() { k<<<1, 1>>>(); }")
prog("decl_global_template_ok", "template <class T, int N> __global__ void k(T (&a)[N]) {}")
prog("decl_shared_extern_ok", "extern __shared__ int a[];\n__global__ void k() { a[0] = 1; }")
prog("decl_multiple_errors", """
__shared__ int s1 = 1;
__global__ int k1() { return 0; }
__global__ void k2(int, ...) {}
__launch_bounds__(64) __device__ void f() {}
""")
prog("decl_error_trailer_count", "__global__ int a() { return 0; }\n__global__ int b() { return 0; }\n__global__ int c() { return 0; }")

# ---------------------------------------------------------------- section 5: deleted / deprecated
prog("del_call", "void f() = delete;\nvoid h() { f(); }")
prog("del_addr", "void f() = delete;\nvoid *h() { return (void *)&f; }")
prog("del_overload", "void f(int);\nvoid f(double) = delete;\nvoid h() { f(1.0); }")
prog("del_copy_ctor", "struct S { S() {} S(const S &) = delete; };\nvoid h() { S a; S b(a); }")
prog("del_default_ctor", "struct S { S() = delete; };\nvoid h() { S s; }")
prog("del_ref_member_default", "struct S { int &r; };\nvoid h() { S s; }")
prog("del_late_delete", "void f();\nvoid f() = delete;")
prog("del_device_fn_call", "__device__ void f() = delete;\n__device__ void d() { f(); }")
prog("del_device_member_from_host", "struct S { __device__ void m() = delete; };\nvoid h(S &s) { s.m(); }")
prog("depr_host_use", "[[deprecated]] int f() { return 1; }\nint h() { return f(); }")
prog("depr_device_use", "[[deprecated]] __device__ int f() { return 1; }\n__device__ int d() { return f(); }")
prog("depr_device_use_msg", "[[deprecated(\"use g\")]] __device__ int f() { return 1; }\n__device__ int d() { return f(); }", ("default", "-diag-suppress 1444", "-diag-error 1444"))
prog("depr_gnu_attr_device", "__attribute__((deprecated)) __device__ int f() { return 1; }\n__global__ void k(int *p) { *p = f(); }")
prog("depr_var_device", "[[deprecated(\"dv\")]] __device__ int dv;\n__device__ int d() { return dv; }")
prog("depr_hd_to_hd", "[[deprecated]] __host__ __device__ int f() { return 1; }\n__host__ __device__ int g() { return f(); }")
prog("depr_uninst_template", "[[deprecated]] __device__ int f() { return 1; }\ntemplate <class T> __device__ T g() { return f(); }")
prog("unavail_device", "__attribute__((unavailable(\"no\"))) __device__ int f() { return 1; }\n__device__ int d() { return f(); }")
prog("unavail_device_nomsg", "__attribute__((unavailable)) __device__ int f() { return 1; }\n__device__ int d() { return f(); }")
prog("unavail_std_attr_ignored", "[[unavailable]] int f() { return 1; }\nint h() { return f(); }")

# ---------------------------------------------------------------- section 6: name hiding
prog("hide_partial_override", """
struct B { virtual void f(int); virtual void f(double); };
struct D : B { void f(int) override; };
""", ("default", R))
prog("hide_virtual_hidden", """
struct B { virtual void f(int); };
struct D : B { void f(double); };
""", ("default", R, "-diag-suppress 997"))
prog("hide_nested_block_param", "int f(int x) { { int x = 2; return x; } }", ("default", R))
prog("hide_outer_block_param", "int f(int x) { int x = 2; return x; }", ("default", R))
prog("hide_local_hides_global", "int g;\nint f() { int g = 1; return g; }", ("default", R))
prog("hide_inner_hides_outer", "int f() { int a = 1; { int a = 2; return a; } }", ("default", R))
prog("hide_param_member", "struct S { int x; S(int x) : x(x) {} };", ("default", R))
prog("hide_for_init_redecl", "void f() { for (int i = 0; i < 2; ++i) { int i = 3; (void)i; } }", ("default", R))
prog("hide_catch_param", "void f() { try {} catch (int e) { int e = 1; (void)e; } }", ("default", R))
prog("hide_fn_try_param", "void f(int x) try { } catch (...) { int x = 1; (void)x; }", ("default", R))
prog("hide_member_tmpl_param", "template <class T> struct S { int T; };")
prog("hide_fn_param_tmpl_param", "template <class T> void f(int T) {}")
prog("hide_nested_template_param", "template <class T> struct S { template <class T> void m(); };")
prog("hide_lambda_capture_param", "int f() { int x = 1; auto l = [x](int y) { return x + y; }; return l(2); }", ("default", R))
prog("hide_device_member_hides_host", """
struct B { void f(); };
struct D : B { __device__ void f(); };
""", ("default", R))
prog("hide_device_fn_nested", "__device__ int d(int x) { { int x = 1; return x; } }", ("default", R))

# ---------------------------------------------------------------- unused entities (177 / 550)
prog("unused_static_device", "static __device__ void unused() {}", ("default", R, "-diag-suppress 177", WE))
prog("unused_static_host", "static void unusedh() {}", ("default", R))
prog("unused_static_hd", "static __host__ __device__ void hd() {}")
prog("unused_static_used", "static __device__ int d() { return 1; }\n__global__ void k(int *p) { *p = d(); }")
prog("unused_static_var", "static int sv;", ("default", R))
prog("unused_static_device_var", "static __device__ int sdv;", ("default", R))
prog("unused_set_but_unused_local", "void h() { int a; a = 1; }", ("default", R))
prog("unused_local_never_ref", "void h() { int a; }", ("default", R))
prog("unused_anon_ns_fn", "namespace { void f() {} }", ("default", R))
prog("unused_static_template", "template <class T> static void f(T) {}")
prog("unused_pragma_suppress", "#pragma nv_diag_suppress 177\nstatic __device__ void unused() {}")
prog("unused_pragma_warning", "#pragma nv_diag_error 177\nstatic __device__ void unused() {}")
prog("unused_pragma_default", "#pragma nv_diag_suppress 177\nstatic __device__ void u1() {}\n#pragma nv_diag_default 177\nstatic __device__ void u2() {}")
prog("unused_two_static", "static __device__ void u1() {}\nstatic __device__ void u2() {}")

# ---------------------------------------------------------------- ordinary C++ errors
prog("cxx_undefined_identifier", "int h() { return undefined_name; }")
prog("cxx_undefined_in_device", "__device__ int d() { return nope; }")
prog("cxx_type_mismatch", "void h() { int *p = 1.5; }")
prog("cxx_missing_semicolon", "int h() { return 1 }")
prog("cxx_redefinition", "int f() { return 1; }\nint f() { return 2; }")
prog("cxx_modifiable_lvalue", "const int c = 1;\nvoid h() { c = 2; }")
prog("cxx_too_few_args", "int f(int);\nint h() { return f(); }")
prog("cxx_return_mismatch", "void f() { return 1; }")
prog("cxx_unknown_type", "Foo x;")
prog("cxx_warning_and_error", "__device__ void d() {}\nstatic __device__ void u() {}\nvoid h() { d(); }")

# ---------------------------------------------------------------- rules generalized (more cases)
prog("var_constexpr_ref_param_device", """
constexpr int ci = 3;
__device__ int take(const int &r) { return r; }
__device__ int d() { return take(ci); }
""")
prog("var_constexpr_array_const_index_device", "constexpr int arr[3] = {1, 2, 3};\n__device__ int d() { return arr[1]; }")
prog("var_const_dynamic_init_kernel", "int f();\nconst int ci = f();\n__global__ void k(int *p) { *p = ci + 1; }")
prog("ok_const_constexpr_call_init_device", "constexpr int f() { return 2; }\nconst int ci = f();\n__device__ int d() { return ci; }")
prog("var_constexpr_member_addr_device", "struct S { static constexpr int m = 4; };\n__device__ const int *d() { return &S::m; }")
prog("call_host_fn_pointer_in_kernel", "void h() {}\n__global__ void k(void (**p)()) { *p = h; }")
prog("ok_hd_fn_address_in_device", "__host__ __device__ void hd() {}\n__device__ void *d() { return (void *)&hd; }")
prog("call_host_fn_address_in_hd", "void h() {}\n__host__ __device__ void *f() { return (void *)&h; }\n__global__ void k(void **p) { *p = f(); }")
prog("ok_constexpr_array_constexpr_local_device", "constexpr int arr[3] = {1, 2, 3};\n__device__ int d() { constexpr int v = arr[1]; return v; }")
prog("cxx_too_many_args", "int f(int);\nint h() { return f(1, 2); }")
prog("cxx_too_few_args_default", "int f(int, int = 0);\nint h() { return f(); }")
prog("ok_default_arg_call", "int f(int, int = 0);\nint h() { return f(1); }")
prog("cxx_return_value_in_void_device", "__device__ void d(int *p) { return *p; }")
prog("ok_return_void_call", "void g();\nvoid f() { return g(); }")
prog("ok_lambda_return_in_void", "void f() { auto l = [] { return 1; }; (void)l(); }")
prog("cxx_undefined_call", "void h() { undefined_fn(1); }")
prog("cxx_float_to_pointer_device", "__device__ void d() { float *p = 2.0f; (void)p; }")
prog("del_const_member_default", "struct S { const int c; };\nvoid h() { S s; (void)s; }")
prog("del_member_deleted_default_device", "struct M { M() = delete; };\nstruct S { M m; };\n__device__ void d() { S s; (void)s; }")
prog("del_base_deleted_default", "struct B { int &r; };\nstruct D : B {};\nvoid h() { D arr[2]; (void)arr; }")
prog("ok_ref_member_initialized", "int g;\nstruct S { int &r = g; };\nvoid h() { S s; (void)s; }")
prog("ok_deleted_default_member_initialized", "struct M { M() = delete; M(int) {} };\nstruct S { M m{1}; };\nvoid h() { S s; (void)s; }")
prog("unused_void_cast_initialized", "void h() { int x = 0; (void)x; }")
prog("unused_void_cast_static_cast", "__device__ void d() { int x = 0; static_cast<void>(x); }")
prog("ok_void_cast_call_init", "int g();\nvoid h() { int x = g(); (void)x; }")
prog("ok_void_cast_uninitialized", "void h() { int x; (void)x; }")
prog("unused_closure_unreferenced", "void h() { auto l = [] { return 1; }; }")
prog("unused_member_init_class_void", "struct Q { int a = 1; };\n__device__ void d() { Q q; (void)q; }")
prog("ok_call_init_assigned", "int g();\nvoid h() { int x = g(); x = 1; }")
prog("ok_const_void_cast", "void h() { const int x = 3; (void)x; }")
prog("hide_partial_override_device", "struct B { __device__ virtual void f(int); __device__ virtual void f(float); };\nstruct D : B { __device__ void f(float) override; };")
prog("ok_full_override", "struct B { virtual void f(int); virtual void f(double); };\nstruct D : B { void f(int) override; void f(double) override; };")
prog("hide_partial_override_namespace", "namespace n {\nstruct B { virtual int g(); virtual int g(int); };\nstruct D : B { int g(int); };\n}")
prog("cxx_unknown_type_device_var", "__device__ Bar v;")
prog("cxx_unknown_type_static", "static Baz *p = 0;")
prog("call_tmpl_d_to_h_explicit", "int h() { return 1; }\ntemplate <class T> __device__ T f() { return h(); }\ntemplate int f<int>();")
prog("ok_tmpl_hd_to_h_extern_template", "int h() { return 1; }\ntemplate <class T> __host__ __device__ T f() { return h(); }\nextern template int f<int>();")
prog("call_tmpl_hd_to_h_explicit_two", "int h() { return 1; }\ntemplate <class T, class U> __host__ __device__ T f(T x, U y) { return h() + x + y; }\ntemplate float f<float, int>(float, int);")

# Calls of extended lambdas, by-reference captures, explicit instantiations of __device__
# templates, default arguments, instantiation contexts (session 10).
prog("call_lambda_ext_hd_to_h_kernel", """
void h() {}
template <class F> __global__ void k(F f) { f(); }
void run() { k<<<1, 1>>>([] __host__ __device__ { h(); }); }
""", (EL,))
prog("call_lambda_ext_dev_to_h_second", """
void h() {}
template <class F> __global__ void k(F f) { f(1); }
void run() {
  auto plain = [](int i) { return i; };
  (void)plain;
  k<<<1, 1>>>([] __device__ (int i) { h(); (void)i; });
}
""", (EL,))
prog("call_lambda_ext_dev_to_h_local", """
void h() {}
template <class F> __global__ void k(F f) { f(); }
void run() {
  auto l = [] __device__ { h(); };
  k<<<1, 1>>>(l);
}
""", (EL,))
prog("call_lambda_ext_dev_to_h_member", """
struct S { static void h() {} };
template <class F> __global__ void k(F f) { f(); }
struct R { void run() { k<<<1, 1>>>([] __device__ { S::h(); }); } };
void go() { R r; r.run(); }
""", (EL,))
prog("call_lambda_ext_ref_capture_named", """
template <class F> __global__ void k(F f) { f(); }
void run() { int x = 0; k<<<1, 1>>>([&x] __device__ { (void)x; }); }
""", (EL,))
prog("call_lambda_ext_ref_capture_mixed", """
template <class F> __global__ void k(F f) { f(); }
void run() { int x = 0, y = 1; k<<<1, 1>>>([=, &y] __device__ { (void)(x + y); }); }
""", (EL,))
prog("call_lambda_ext_ref_capture_two_uses", """
template <class F> __global__ void k(F f) { f(); }
void run() {
  int x = 0, y = 1;
  k<<<1, 1>>>([&] __device__ {
    (void)x;
    (void)(y + x);
  });
}
""", (EL,))
prog("call_lambda_ext_ref_capture_hd", """
template <class F> __global__ void k(F f) { f(); }
void run() { int x = 0; k<<<1, 1>>>([&] __host__ __device__ { (void)x; }); }
""", (EL,))
prog("call_lambda_ext_ref_capture_unused", """
template <class F> __global__ void k(F f) { f(); }
void run() { int x = 0; (void)x; k<<<1, 1>>>([&] __device__ { }); }
""", (EL,))
prog("call_tmpl_d_to_h_explicit_two", """
int h() { return 1; }
template <class T> __device__ T f() { return h(); }
template int f<int>();
template float f<float>();
""")
prog("call_tmpl_d_to_h_explicit_ns", """
int h() { return 1; }
namespace n { template <class T> __device__ T f(T x) { return x + h(); } }
template int n::f<int>(int);
""")
prog("call_tmpl_d_explicit_device", """
template <class T> __device__ T f() { return 1; }
template __device__ int f<int>();
""")
prog("call_tmpl_d_explicit_clean", """
template <class T> __device__ T f() { return 1; }
template int f<int>();
""")
prog("call_defarg_member", """
int h() { return 1; }
struct S { __device__ int take(int x = h()) { return x; } };
__device__ int caller(S &s) { return s.take(); }
""")
prog("call_defarg_hd_from_global", """
int h() { return 1; }
__host__ __device__ int take(int x = h()) { return x; }
__global__ void k(int *p) { *p = take(); }
""")
prog("call_defarg_two_callers", """
int h() { return 1; }
__device__ int take(int a, int x = h()) { return a + x; }
__device__ int one() { return take(1); }
__device__ int two() { return take(2, 3) + take(4); }
""")
prog("call_defarg_ctor", """
struct M { M() {} int v = 0; };
__device__ int take(M m = M()) { return m.v; }
__device__ int caller() { return take(); }
""")
prog("call_defarg_hd_caller", """
int h() { return 1; }
__device__ int take(int x = h()) { return x; }
__host__ __device__ int caller() { return take(); }
""")
prog("call_tmpl_dependent_hd_to_T_member", """
struct S { int g() const { return 1; } };
template <class T> __host__ __device__ int f(const T &t) { return t.g(); }
__global__ void k(int *p) { S s; *p = f(s); }
""")
prog("call_tmpl_dependent_hd_to_T_host_only", """
struct S { static int g() { return 1; } };
template <class T> __host__ __device__ int f() { return T::g(); }
int use() { return f<S>(); }
""")
prog("call_tmpl_dependent_hd_to_T_two", """
struct S { static int g() { return 1; } };
struct U { static int g() { return 2; } };
template <class T> __host__ __device__ int f() { return T::g(); }
__global__ void k(int *p) { *p = f<S>() + f<U>(); }
""")
prog("call_tmpl_dependent_hd_to_T_nested", """
struct S { static int g() { return 1; } };
template <class T> __host__ __device__ int f() { return T::g(); }
template <class T> __host__ __device__ int w() { return f<T>(); }
__global__ void k(int *p) { *p = w<S>(); }
""")
prog("call_tmpl_dependent_hd_to_T_exec_check", """
struct S { static int g() { return 1; } };
#pragma nv_exec_check_disable
template <class T> __host__ __device__ int f() { return T::g(); }
__global__ void k(int *p) { *p = f<S>(); }
""")
prog("call_tmpl_dependent_hd_to_T_hd_warning", """
struct S { static int g() { return 1; } };
#pragma hd_warning_disable
template <class T> __host__ __device__ int f() { return T::g(); }
int use() { return f<S>(); }
""")
prog("call_tmpl_dependent_hd_to_T_suppress", """
struct S { static int g() { return 1; } };
template <class T> __host__ __device__ int f() { return T::g(); }
__global__ void k(int *p) { *p = f<S>(); }
""", ("-diag-suppress 20014", WE))
prog("call_late_after_device_parse_error", """
void h() {}
__device__ void d() { h(); }
__device__ void e() { throw 1; }
""")

# ---------------------------------------------------------------- declarations: structured bindings,
# decltype of __managed__, device auto functions named outside device bodies, kernel template
# arguments (issue 15, s10)
prog("decl_device_structured_binding_constant", "struct P { int a, b; };\n__constant__ P cp;\n__constant__ auto [x, y] = cp;")
prog("decl_device_structured_binding_managed", "struct P { int a, b; };\n__device__ P p;\n__managed__ auto [x, y] = p;")
prog("decl_device_structured_binding_host_attr", "struct P { int a, b; };\nP hp;\n__device__ __host__ auto [x, y] = hp;")
prog("decl_device_structured_binding_local", "struct P { int a, b; };\n__device__ void d(P p) { __device__ auto [x, y] = p; (void)x; }")
prog("decl_device_structured_binding_local_ref_kernel", "struct P { int a, b; };\n__global__ void k(P p) { __constant__ auto &[x, y] = p; (void)x; }")
prog("decl_device_structured_binding_shared_tmpl", "struct P { int a, b; };\ntemplate <class T> __device__ void d(T p) { __shared__ auto [x, y] = p; (void)x; }")
prog("decl_device_structured_binding_member_fn", "struct P { int a, b; };\n__device__ P p;\nstruct S { static __device__ void f() { __managed__ auto [x, y] = p; (void)y; } };")
prog("var_managed_decltype_qualified", "namespace n { __managed__ float m; }\nvoid h() { decltype(n::m) x = 0; (void)x; }")
prog("var_managed_decltype_tmpl", "__managed__ int m;\ntemplate <class T> void h(T t) { decltype(m) x = t; (void)x; }")
prog("var_managed_decltype_member", "__managed__ int m;\nstruct S { decltype(m) a; };")
prog("var_managed_decltype_lambda", "__managed__ int m;\nvoid h() { auto l = [] { decltype(m) y = 1; return y; }; (void)l; }")
prog("var_managed_decltype_device_typedef", "__managed__ int m;\n__device__ void d() { typedef decltype(m) T; T x = 0; (void)x; }")
prog("var_managed_decltype_param_shadows", "__managed__ int m;\nvoid h(float m) { decltype(m) x = m; (void)x; }")
prog("var_auto_device_fn_member_qualified", "namespace n { __device__ auto g(int x) { return x * 2.0; } }\nstruct S { decltype(n::g(1)) a; };")
prog("var_auto_device_fn_host_local", "__device__ auto f() { return 1; }\nvoid h() { decltype(f()) x = 1; (void)x; }")
prog("var_auto_device_fn_address_alias", "__device__ auto f() { return 1; }\nusing P = decltype(&f);")
prog("var_auto_device_fn_hd_body", "__device__ auto f() { return 1; }\n__host__ __device__ void hd() { decltype(f()) x = 1; (void)x; }")
prog("var_auto_device_fn_sizeof_host", "__device__ auto f() { return 1; }\nvoid h() { (void)sizeof(f()); }")
prog("var_auto_device_fn_kernel_param", "__device__ auto f() { return 1; }\n__device__ void d() { decltype(f()) x = 1; (void)x; }\n__global__ void k(decltype(f()) p) {}")
prog("var_auto_device_fn_initializer", "__device__ auto f() { return 1; }\nint v = f();")
prog("ok_auto_device_fn_constexpr_nsscope", "__device__ constexpr auto f() { return 1; }\nusing T = decltype(f());")
prog("ok_auto_device_fn_trailing_nsscope", "__device__ auto f() -> int { return 1; }\nusing T = decltype(f());")
prog("decl_host_attr_variable", "__device__ __host__ int v;\n__host__ int w;\nstruct S { __host__ static int s; };\n__host__ int a, b;\nstruct F { __host__ int f; };")
prog("decl_kernel_tmpl_private_type_pointer", """
template <class T> __global__ void k(T) {}
class C { struct P { int a; }; public: static void run(P *p) { k<<<1, 1>>>(p); } };
""")
prog("decl_kernel_tmpl_protected_enum", """
template <class T> __global__ void k(T) {}
struct C { protected: enum E { e0 }; public: static void run() { k<<<1, 1>>>(e0); } };
""")
prog("decl_kernel_tmpl_private_type_explicit", """
template <class T> __global__ void k() {}
class C { struct P { int a; }; public: static void run() { k<P><<<1, 1>>>(); } };
""")
prog("decl_kernel_tmpl_private_type_nested_arg", """
template <class T> struct W { T t; };
template <class T> __global__ void k(T) {}
class C { struct P { int a; }; public: static void run() { k<<<1, 1>>>(W<P>{}); } };
""")
prog("decl_kernel_tmpl_private_type_twice", """
template <class T> __global__ void k(T) {}
class C { struct P { int a; }; public: static void run() { k<<<1, 1>>>(P{}); }
  static void again() { k<<<1, 1>>>(P{}); } };
""")
prog("decl_kernel_tmpl_local_type_pointer", "template <class T> __global__ void k(T) {}\nvoid h() { struct L { int a; }; L l; k<<<1, 1>>>(&l); }")
prog("decl_kernel_tmpl_local_enum", "template <class T> __global__ void k(T) {}\nvoid h() { enum E { a, b }; k<<<1, 1>>>(a); }")
prog("decl_kernel_tmpl_local_type_in_tmpl", """
template <class T> __global__ void k(T) {}
template <class T> void h() { struct L { T a; }; k<<<1, 1>>>(L{}); }
void g() { h<int>(); }
""")
prog("ok_kernel_tmpl_local_type_device", """
template <class T> __global__ void k(T) {}
__global__ void outer() { struct L { int a; }; k<<<1, 1>>>(L{}); }
""", ("-rdc=true",))

# ---------------------------------------------------------------- the host compiler's verdict
# gcc on the host translation unit (nvcc runs it after both passes accept the file): its
# diagnostics follow the device pass's block; a gcc error makes nvcc exit 1.
prog("host_depr_member", """
struct S {
    [[deprecated("use g")]] int f() const { return 1; }
    int g() const { return 2; }
};
int use(const S &s) {
    return s.f() + s.g();
}
""", ("default", WE))
prog("host_depr_hd_indented", """
[[deprecated]] __host__ __device__ int old(int x) { return x; }
__host__ __device__ int hd(int x) {
    int y = x + 1;
    return old(y);
}
""")
prog("host_tmpl_depr", """
[[deprecated]] int old() { return 1; }
template <class T> T twice(T t) {
    return t * old();
}
int main() { return twice(2); }
""")
prog("host_unused_function_wall", """
static int unused_fn() { return 3; }
__global__ void k(int *p) { *p = 1; }
""", ("default", "-Xcompiler -Wall"))
prog("host_narrowing_error", "int a[1] = {1.5};\n__global__ void k() {}")
prog("hide_fn_try_handler_param", "void f(int x) try { } catch (int x) { }", ("default", R))
prog("hide_catch_nested_block", "void f() { try {} catch (int e) { { int e = 2; (void)e; } } }", ("default", R))
prog("hide_member_fn_param_tmpl_param", "template <class T> struct S { void g(int T) {} };")
prog("hide_tmpl_param_prototype", "template <class T> void f(int T);")

# 20044: extern __device__/__constant__/__managed__ variables never defined (whole program)
prog("var_extern_device_undefined", "extern __device__ int v;\n__device__ int f() { return v; }", ("default", "-rdc=true"))
prog("var_extern_constant_in_namespace", "namespace n { extern __constant__ int c; }\n__global__ void k(int *p) { *p = n::c; }")
prog("var_extern_managed_then_defined", "extern __managed__ int m;\n__managed__ int m;\nextern __device__ int w;\nextern __device__ int w = 2;")
prog("var_extern_device_twice_unused", "extern __device__ int u;\nextern __device__ int u;\nextern __device__ int arr[];")

# 497 on prototypes (il's header of a template without body is placed by its declaration)
prog("hide_tmpl_prototype_nontype_param", "namespace n { template <class T, int N> void f(T N); }")
prog("hide_member_tmpl_prototype_static", """
template <class T> struct S {
  template <class U, class T> static U g(U u);
  template <class V> void h(V v);
};
""")
prog("hide_tmpl_prototype_none", """
template <class T> void f(int U);
template <class T> struct S { template <class U> void m(U T2); };
__global__ void k() {}
""")

# 2361: narrowing in list-initialization, and cudafe++'s spelling of the initializers gcc sees
prog("narrowing_nonconstant_sources", """
int i = 3;
long long ll = 4;
double d = 1.5;
unsigned uu = 5;
char c1{i};
int i2{ll};
float f1{d};
float f2{i};
unsigned u1{i};
int i3{uu};
bool b1{i};
long ok1{i};
double ok2{2};
int ok3[2] = {'a', 7};
""")
prog("narrowing_locals_members", """
struct W { int a; double b; };
struct S { int m[1] = {1.5}; };
void h(double d, int i) {
  int a[1] = {1.5};
  int b{2.5};
  W w{d, i};
  (void)a; (void)b; (void)w;
}
__global__ void k() {}
""")
prog("narrowing_scalar_copy_list", """
int b = {2.5};
double d = 1;
int z = {d};
int y = {5};
char s[] = {1.5};
int nested[2][1] = {{1.5}, {2}};
constexpr double cd = 2.0;
int fromcx{cd};
""")

# cicc's back end: stores into __constant__ memory in kernels
prog("ok_constant_store_kinds_device", """
__constant__ int ca[4];
struct P { int x; int y[2]; };
__constant__ P cp;
__device__ void d1(int i) { ca[i] = 1; }
__host__ __device__ void hd(int i) { if (i > 9) ca[i] = 6; }
__global__ void k(int i) {
  ca[i] += 1;
  cp.y[1] = 2;
  ca[0]++;
  --cp.x;
  if (false) ca[3] = 4;
  if (true) { } else { cp.x = 1; }
  while (0) ca[1] = 2;
  auto f = [] { ca[2] = 9; };
  f();
  d1(i);
  hd(i);
}
static __global__ void ks(int i) { ca[i] = 3; }
""")
prog("ok_constant_store_options_device", """
__constant__ int ca[4];
__global__ void k(int i) { ca[i] = i; }
__global__ void k2(int n) { for (int i = 0; i < n; i++) ca[i] = i; }
""", ("default", "-G", "-w"))
prog("ok_constant_store_pointer_template_device", """
__constant__ int ca[4];
template <class T> __global__ void kt(T v) { ca[1] = v; }
__global__ void k() { int *p = &ca[2]; *p = 3; }
void launch() { kt<<<1, 1>>>(2); }
""")
# ---------------------------------------------------------------- typed by inference (s11)
# `decltype(e)` locals typed from their operand (unevaluated); names in unevaluated operands
# reference a local without using it.
prog("unused_decltype_member_access", """
struct S { int m; int &r; };
void h(S s, const S &cs) { decltype(s.m) x = 0; decltype(cs.m) y = 1; decltype(s.r) z = x; (void)y; (void)z; }
""")
prog("unused_decltype_paren_and_ref_call", """
int &g();
__device__ int d();
void h() { int y = 1; decltype((y)) r = y; decltype(g()) q = g(); decltype(d()) *p = 0; (void)r; (void)q; (void)p; }
""")
prog("unused_decltype_operand_not_a_use", """
void h() { int y = 1; int z; decltype(y) x = 0; decltype(z) w = 2; (void)x; (void)w; }
void s() { int y = 1; int x = sizeof(y); (void)x; }
""")
prog("var_managed_decltype_paren_local_shadows", "__managed__ int m;\nvoid h() { float m = 1; decltype((m)) r = m; decltype(m) x = 0; (void)r; (void)x; }")
# Local enumerations as deduced kernel template arguments.
prog("decl_kernel_tmpl_local_enum_pointer", "template <class T> __global__ void k(T) {}\nvoid h() { enum E { a, b }; E e = b; k<<<1, 1>>>(&e); }")
prog("decl_kernel_tmpl_local_enum_in_lambda", "template <class T> __global__ void k(T) {}\nvoid h() { auto f = [] { enum E { a }; k<<<1, 1>>>(a); }; f(); }")
prog("decl_kernel_tmpl_local_enum_scoped", "template <class T> __global__ void k(T) {}\nvoid h() { enum class E { a }; k<<<1, 1>>>(E::a); }")
# Template-ids in bodies (`W<P>`: the parse alone reads `P` as an expression).
prog("decl_kernel_tmpl_private_type_nested_twice", """
template <class T> struct W { T t; };
template <class T> __global__ void k(T) {}
class C { struct P { int a; }; public: static void run() { W<W<P>> w{}; k<<<1, 1>>>(w); } };
""")
prog("decl_kernel_tmpl_private_type_nested_ref", """
template <class T, int N> struct A { T t[N]; };
template <class T> __global__ void k(T) {}
class C { struct P { int a; }; public: static void run() { const A<P, 2> &a = A<P, 2>{}; k<<<1, 1>>>(a); } };
""")
prog("decl_kernel_tmpl_local_type_nested_arg", """
template <class T> struct W { T t; };
template <class T> __global__ void k(T) {}
void h() { struct L { int a; }; k<<<1, 1>>>(W<L>{}); }
""")


def main():
    os.makedirs(HERE, exist_ok=True)
    names = set()
    for name, (src, variants) in sorted(P.items()):
        names.add(name)
        header = "// check-variants: " + "; ".join(variants) + "\n"
        path = os.path.join(HERE, name + ".cu")
        text = header + src
        if not os.path.exists(path) or open(path).read() != text:
            open(path, "w").write(text)
    print(f"{len(P)} programs, {sum(len(v) for _, v in P.values())} case/variants")

if __name__ == "__main__":
    main()
