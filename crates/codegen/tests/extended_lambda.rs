//! Snapshot tests of extended lambdas in the host unit (`--extended-lambda`). The rewrites
//! follow cudafe++ 13.0.88's output for the same code (same tags, numbers and capture lists,
//! our spacing); `crates/cufe/tests/extended_lambda.rs` checks them against nvcc's objects.
use expect_test::{Expect, expect};
use ide::RootDatabase;

use codegen::{HostUnitConfig, host_translation_unit};

fn unit(source: &str) -> String {
    let db = RootDatabase::default();
    let file = base_db::SourceFile::create(
        &db,
        "t.ii".into(),
        source.to_string(),
        base_db::FileOrigin::User,
    );
    let config = HostUnitConfig {
        orig_src_file_name: "t.cu".into(),
        stub_file_name: "t.cudafe1.stub.c".into(),
        module_id: "_0_4_t_cu_x".into(),
        hidden_visibility: true,
        extended_lambda: true,
        ..HostUnitConfig::default()
    };
    host_translation_unit(&db, file, &config)
}

/// The declarations' host form, without the prologue and the trailer.
fn check(source: &str, expected: Expect) {
    let unit = unit(source);
    let body = unit
        .split_once("#if defined(__nv_is_extended_device_lambda_closure_type)")
        .map_or(unit.as_str(), |(_, rest)| {
            rest.split_once("# 1\n").map_or(rest, |(_, r)| r)
        });
    let body = body
        .split("\n# 1 \"t.cudafe1.stub.c\"")
        .next()
        .unwrap_or(body);
    expected.assert_eq(body);
}

const KERNEL: &str = "template <typename F> __attribute__((global)) void k(int n, F f) { f(n); }\n";

#[test]
fn device_lambdas_capture_what_the_body_names_in_order_of_first_use() {
    check(
        &format!(
            "{KERNEL}int main() {{\n  int n = 4; float *x = nullptr; float a = 2.0f, b = 3.0f;\n  k<<<1, 1>>>(n, [=] __attribute__((device)) (int i) {{ x[i] = b * a + x[0]; }});\n  k<<<1, 1>>>(n, [b, x] __attribute__((device)) (int i) {{\n    x[i] = b;\n  }});\n  auto plain = [=](int i) {{ return a + i; }};\n  auto r = [=] __attribute__((device)) (int i) -> float {{ return plain(i) + n; }};\n  k<<<1, 1>>>(n, [] __attribute__((device)) (int) {{ }});\n}}\n"
        ),
        expect![[r#"
            _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wunused-parameter\"") template < typename F > static void __wrapper__device_stub_k(int & n, F & f) { ::cudaLaunchKernel(0, 0, 0, 0, 0, 0);} _Pragma("GCC diagnostic pop") template <typename F> static void k(int n, F f)  {__wrapper__device_stub_k<F>(n,f);return;}
            int main() {
            int n = 4; float *x = nullptr; float a = (2.0f), b = (3.0f);
            (__cudaPushCallConfiguration(1, 1)) ? (void)0 : k(n, __nv_dl_wrapper_t< __nv_dl_tag<int (*)(void),(& ::main),1> , typename __nvdl_remove_ref<decltype(x)>::type, typename __nvdl_remove_ref<decltype(b)>::type, typename __nvdl_remove_ref<decltype(a)>::type>( __nv_dl_tag<int (*)(void),(& ::main),1> {} , x, b, a) );
            (__cudaPushCallConfiguration(1, 1)) ? (void)0 : k(n, __nv_dl_wrapper_t< __nv_dl_tag<int (*)(void),(& ::main),2> , typename __nvdl_remove_ref<decltype(b)>::type, typename __nvdl_remove_ref<decltype(x)>::type>( __nv_dl_tag<int (*)(void),(& ::main),2> {} , b, x) 

            );
            auto plain = [=](int i) { return a + i; };
            auto r = __nv_dl_wrapper_t< __nv_dl_trailing_return_tag<int (*)(void),(& ::main),float, 3> , typename __nvdl_remove_ref<decltype(plain)>::type, typename __nvdl_remove_ref<decltype(n)>::type>( __nv_dl_trailing_return_tag<int (*)(void),(& ::main),float, 3> {} , plain, n) ;
            (__cudaPushCallConfiguration(1, 1)) ? (void)0 : k(n, __nv_dl_wrapper_t< __nv_dl_tag<int (*)(void),(& ::main),4> >( __nv_dl_tag<int (*)(void),(& ::main),4> {} ) );
            }
        "#]],
    );
}

#[test]
fn host_device_lambdas_are_wrapped_and_keep_their_text() {
    check(
        &format!(
            "{KERNEL}int main() {{\n  float a = 2.0f; int *p = nullptr;\n  auto h0 = [] __attribute__((host)) __attribute__((device)) (int i) {{ return i + 1; }};\n  auto h1 = [=] __attribute__((host)) __attribute__((device)) (int i) mutable {{ a += i; p[i] = a; }};\n  k<<<1, 1>>>(1, [=] __attribute__((host)) __attribute__((device)) (int i) {{ p[i] = a; }});\n  return h0(1);\n}}\n"
        ),
        expect![[r#"
            _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wunused-parameter\"") template < typename F > static void __wrapper__device_stub_k(int & n, F & f) { ::cudaLaunchKernel(0, 0, 0, 0, 0, 0);} _Pragma("GCC diagnostic pop") template <typename F> static void k(int n, F f)  {__wrapper__device_stub_k<F>(n,f);return;}
            int main() {
            float a = (2.0f); int *p = nullptr;
            auto h0 = __nv_hdl_create_wrapper_t< false, true, __nv_dl_tag<int (*)(void),(& ::main),1> >::__nv_hdl_create_wrapper( [] (int i) { return i + 1; } );
            auto h1 = __nv_hdl_create_wrapper_t< true, false, __nv_dl_tag<int (*)(void),(& ::main),2> , typename __nvdl_remove_ref<decltype(a)>::type, typename __nvdl_remove_ref<decltype(p)>::type>::__nv_hdl_create_wrapper( [=] (int i) mutable { a += i; p[i] = a; } , a, p);
            (__cudaPushCallConfiguration(1, 1)) ? (void)0 : k(1, __nv_hdl_create_wrapper_t< false, false, __nv_dl_tag<int (*)(void),(& ::main),3> , typename __nvdl_remove_ref<decltype(p)>::type, typename __nvdl_remove_ref<decltype(a)>::type>::__nv_hdl_create_wrapper( [=] (int i) { p[i] = a; } , p, a));
            return h0(1);
            }
        "#]],
    );
}

#[test]
fn members_capture_this_and_name_their_class() {
    check(
        &format!(
            "{KERNEL}struct S {{\n  float v; float *p;\n  static void st(float *q);\n  void run(int n) const {{\n    k<<<1, 1>>>(n, [=] __attribute__((device)) (int i) {{ p[i] = v + n; }});\n    k<<<1, 1>>>(n, [*this] __attribute__((device)) (int i) {{ p[i] = v; }});\n  }}\n}};\nvoid S::st(float *q) {{ k<<<1, 1>>>(1, [=] __attribute__((device)) (int i) {{ q[i] = 0; }}); }}\ntemplate <typename T> struct W {{ T s; void operator()(int n); }};\ntemplate <typename T> void W<T>::operator()(int n) {{ k<<<1, 1>>>(n, [=] __attribute__((device)) (int i) {{ (void)(s + i); }}); }}\n"
        ),
        expect![[r#"
            _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wunused-parameter\"") template < typename F > static void __wrapper__device_stub_k(int & n, F & f) { ::cudaLaunchKernel(0, 0, 0, 0, 0, 0);} _Pragma("GCC diagnostic pop") template <typename F> static void k(int n, F f)  {__wrapper__device_stub_k<F>(n,f);return;}
            struct S {
            float v; float *p;
            static void st(float *q);
            void run(int n) const {
            (__cudaPushCallConfiguration(1, 1)) ? (void)0 : k(n, __nv_dl_wrapper_t< __nv_dl_tag<void (S::*)(int n) const,(&S::run),1> , decltype(this) const, typename __nvdl_remove_ref<decltype(n)>::type>( __nv_dl_tag<void (S::*)(int n) const,(&S::run),1> {} , this, n) );
            (__cudaPushCallConfiguration(1, 1)) ? (void)0 : k(n, __nv_dl_wrapper_t< __nv_dl_tag<void (S::*)(int n) const,(&S::run),2> , typename __nvdl_remove_const<typename __nvdl_remove_ref<decltype(*this) > ::type> :: type const>( __nv_dl_tag<void (S::*)(int n) const,(&S::run),2> {} , *this) );
            }
            };
            void S::st(float *q) { (__cudaPushCallConfiguration(1, 1)) ? (void)0 : k(1, __nv_dl_wrapper_t< __nv_dl_tag<void (*)(float * q),(&S::st),1> , typename __nvdl_remove_ref<decltype(q)>::type>( __nv_dl_tag<void (*)(float * q),(&S::st),1> {} , q) ); }
            template <typename T> struct W { T s; void operator()(int n); };
            template <typename T> void W<T>::operator()(int n) { (__cudaPushCallConfiguration(1, 1)) ? (void)0 : k(n, __nv_dl_wrapper_t< __nv_dl_tag<void (W < T >::*)(int n),(&W < T >::operator()),1> , decltype(this) const>( __nv_dl_tag<void (W < T >::*)(int n),(&W < T >::operator()),1> {} , this) ); }
        "#]],
    );
}

#[test]
fn function_templates_and_namespaces_name_the_enclosing_function() {
    check(
        &format!(
            "{KERNEL}template <typename T, int N> static inline T *run(T *p, T s = T()) {{\n  k<<<1, 1>>>(N, [=] __attribute__((device)) (int i) {{ p[i] = s * p[i]; }});\n  return p;\n}}\nnamespace outer {{ namespace {{ auto go(float *p, int n) -> int {{\n  int m = n;\n  k<<<1, 1>>>(n, [y = m + 1, p] __attribute__((device)) (int i) {{ p[i] = y; }});\n  return m;\n}} }} }}\n"
        ),
        expect![[r#"
            _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wunused-parameter\"") template < typename F > static void __wrapper__device_stub_k(int & n, F & f) { ::cudaLaunchKernel(0, 0, 0, 0, 0, 0);} _Pragma("GCC diagnostic pop") template <typename F> static void k(int n, F f)  {__wrapper__device_stub_k<F>(n,f);return;}
            template <typename T, int N> static inline T *run(T *p, T s = T()) {
            (__cudaPushCallConfiguration(1, 1)) ? (void)0 : k(N, __nv_dl_wrapper_t< __nv_dl_tag<T * (*)(T * p, T s),(& ::run< T, N> ),1> , typename __nvdl_remove_ref<decltype(p)>::type, typename __nvdl_remove_ref<decltype(s)>::type>( __nv_dl_tag<T * (*)(T * p, T s),(& ::run< T, N> ),1> {} , p, s) );
            return p;
            }
            namespace outer { namespace _GLOBAL__N__0_4_t_cu_x __attribute__((visibility("hidden"))) { } using namespace _GLOBAL__N__0_4_t_cu_x; namespace _GLOBAL__N__0_4_t_cu_x __attribute__((visibility("hidden"))) { auto go(float *p, int n) -> int {
            int m = n;
            (__cudaPushCallConfiguration(1, 1)) ? (void)0 : k(n, __nv_dl_wrapper_t< __nv_dl_tag<auto (*)(float * p, int n) -> int,(& ::outer::go),1> , typename __nv_lambda_trait_remove_cv<typename __nvdl_remove_ref<decltype(m + 1)>::type>::type, typename __nvdl_remove_ref<decltype(p)>::type>( __nv_dl_tag<auto (*)(float * p, int n) -> int,(& ::outer::go),1> {} , m + 1, p) );
            return m;
            } } }
        "#]],
    );
}

#[test]
fn captures_by_reference_are_left_as_written() {
    // nvcc rejects them ("cannot capture variables by reference").
    check(
        "void f() { int a = 1; auto g = [&] __attribute__((device)) (int i) { return a + i; }; }\n",
        expect![[r#"
            void f() { int a = 1; auto g = [&] (int i) { return a + i; }; }
        "#]],
    );
}

/// The helper templates replace nothing: they go before cuda_runtime.h's injection point, one
/// `__nv_dl_wrapper_t` specialization per number of captures used (and the capture-free ones),
/// then a line marker gives the declaration its line back.
#[test]
fn helper_templates_go_before_the_injection_point() {
    let unit = unit(&format!(
        "# 120 \"cuda_runtime.h\"\n\nstruct __attribute__((device_builtin)) __nv_lambda_preheader_injection {{ }};\nint x;\n# 1 \"t.cu\"\n{KERNEL}void f(int *p, int q) {{\n  k<<<1, 1>>>(1, [=] __attribute__((device)) (int i) {{ p[i] = q; }});\n  auto h = [p] __attribute__((host)) __attribute__((device)) (int i) {{ return p[i]; }};\n}}\n"
    ));
    let heads: Vec<&str> = unit
        .lines()
        .filter(|l| {
            l.contains("struct __nv_dl_wrapper_t<")
                || l.starts_with("struct __nv_hdl_wrapper_t<")
                || l.starts_with("#define")
                || (l.starts_with("# ") && *l != "# 1")
                || l.contains("__nv_lambda_preheader_injection")
        })
        .collect();
    expect![[r##"
        # 1 "t.cu"
        # 120 "cuda_runtime.h"
        #define __NV_LAMBDA_WRAPPER_HELPER(X, Y) decltype(X), Y
        template <typename Tag> struct __nv_dl_wrapper_t<Tag> {
        struct __nv_dl_wrapper_t<__nv_dl_trailing_return_tag<U, func, Return, Id> > {
        template <typename Tag, typename F1, typename F2> struct __nv_dl_wrapper_t<Tag, F1, F2> {
        struct __nv_dl_wrapper_t<__nv_dl_trailing_return_tag<U, func, Return, Id>, F1, F2> {
        struct __nv_hdl_wrapper_t<false, false, NeverThrows, Tag, OpFuncR(OpFuncArgs...), F1> {
        struct __nv_hdl_wrapper_t<true, false, NeverThrows, Tag, OpFuncR(OpFuncArgs...), F1> {
        struct __nv_hdl_wrapper_t<false, true, NeverThrows, Tag, OpFuncR(OpFuncArgs...), F1> {
        struct __nv_hdl_wrapper_t<true, true, NeverThrows, Tag, OpFuncR(OpFuncArgs...), F1> {
        #define __nv_is_extended_device_lambda_closure_type(X) __nv_extended_device_lambda_trait_helper< typename __nv_lambda_trait_remove_cv<X>::type>::value
        #define __nv_is_extended_device_lambda_with_preserved_return_type(X) __nv_extended_device_lambda_with_trailing_return_trait_helper< typename __nv_lambda_trait_remove_cv<X>::type >::value
        #define __nv_is_extended_host_device_lambda_closure_type(X) __nv_extended_host_device_lambda_trait_helper< typename __nv_lambda_trait_remove_cv<X>::type>::value
        # 121
        struct __nv_lambda_preheader_injection { };
        # 1 "t.cu"
        # 1 "t.cudafe1.stub.c"
        #define _NV_ANON_NAMESPACE _GLOBAL__N__0_4_t_cu_x
        #define __CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__
        # 1 "t.cudafe1.stub.c"
        # 1 "t.cudafe1.stub.c""##]].assert_eq(&heads.join("\n"));
}
