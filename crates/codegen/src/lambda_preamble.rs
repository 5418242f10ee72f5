//! The helper templates of extended lambdas, which cudafe++ writes into the host translation
//! unit in place of `struct __nv_lambda_preheader_injection { };` (declared by
//! `cuda_runtime.h` when nvcc passes `--extended-lambda`).
//!
//! The host replaces each extended lambda by an object of one of these templates
//! ([`crate::lambda`]): `__nv_dl_wrapper_t<Tag, Captures...>` for a `__device__` lambda (the host
//! only copies it into a kernel's parameters), `__nv_hdl_wrapper_t<...>` for a
//! `__host__ __device__` lambda (the host calls it through a type-erased pointer). cicc's stub
//! names the same types (`typedef __nv_dl_wrapper_t<__nv_dl_tag<...>, float *> _ZZ4mainEUliE_;`),
//! and the host object's symbols name their members, so what is generated here must declare
//! the same members with the same signatures as cudafe++ 13.0.88 (measured with `nvcc -keep
//! --extended-lambda`; `tests/nvcc_build.rs` compares the objects' symbols).
//!
//! As cudafe++, one specialization per number of captures the unit uses: `arities` lists them.
//! The capture-free `__nv_dl_wrapper_t` specializations are always written; the
//! `__host__ __device__` wrapper's only where used.
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// The numbers of captures of the unit's extended lambdas.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct LambdaArities {
    /// Of `__device__` lambdas.
    pub device: BTreeSet<usize>,
    /// Of `__host__ __device__` lambdas.
    pub host_device: BTreeSet<usize>,
}

/// Deepest array captured by value (cudafe++ wraps arrays of up to 7 dimensions).
const MAX_ARRAY_RANK: usize = 7;

/// The preamble for a unit whose extended lambdas have `arities` captures. Its lines hold
/// preprocessor directives, so it starts and ends at the start of a line.
pub fn preamble(arities: &LambdaArities) -> String {
    let mut out = String::with_capacity(32 * 1024);
    out.push_str("#define __NV_LAMBDA_WRAPPER_HELPER(X, Y) decltype(X), Y\n");
    remove_ref_and_const(&mut out);
    out.push_str("template <typename U, U func, unsigned> struct __nv_dl_tag { };\n");
    array_wrappers(&mut out);
    device_wrappers(&mut out, &arities.device);
    host_device_helper(&mut out);
    out.push_str(
        "template <bool IsMutable, bool HasFuncPtrConv, bool NeverThrows, typename Tag, \
         typename OpFunc, typename... CapturedVarTypePack>\n\
         struct __nv_hdl_wrapper_t {\n\
         static_assert(sizeof...(CapturedVarTypePack) == 0, \"nvcc internal error: unexpected \
         number of captures in __host__ __device__ lambda!\");\n};\n",
    );
    for &n in &arities.host_device {
        for (is_mutable, has_conversion) in
            [(false, false), (true, false), (false, true), (true, true)]
        {
            host_device_wrapper(&mut out, n, is_mutable, has_conversion);
        }
    }
    host_device_factory(&mut out);
    traits(&mut out);
    out
}

fn remove_ref_and_const(out: &mut String) {
    out.push_str(
        "template <typename T> struct __nvdl_remove_ref { typedef T type; };\n\
         template <typename T> struct __nvdl_remove_ref<T &> { typedef T type; };\n\
         template <typename T> struct __nvdl_remove_ref<T &&> { typedef T type; };\n\
         template <typename T, typename... Args> struct __nvdl_remove_ref<T (&)(Args...)> \
         { typedef T (*type)(Args...); };\n\
         template <typename T> struct __nvdl_remove_const { typedef T type; };\n\
         template <typename T> struct __nvdl_remove_const<T const> { typedef T type; };\n",
    );
}

/// `__nv_lambda_array_wrapper<T[D1]...[Dn]>` (a captured array, copied element by element) and
/// `__nv_lambda_field_type<F>`, the type of a capture's field.
fn array_wrappers(out: &mut String) {
    out.push_str(
        "template <typename T> struct __nv_lambda_array_wrapper {\n\
         static_assert(sizeof(T) == 0, \"nvcc internal error: unexpected failure in capturing \
         array variable\");\n};\n",
    );
    for rank in 1..=MAX_ARRAY_RANK {
        let dims: String = (1..=rank).map(|d| format!("[D{d}]")).collect();
        let params: String = (1..=rank).map(|d| format!(", size_t D{d}")).collect();
        let index: String = (1..=rank).map(|d| format!("[i{d}]")).collect();
        writeln!(
            out,
            "template <typename T{params}> struct __nv_lambda_array_wrapper<T {dims}> {{\nT arr{dims};\n__nv_lambda_array_wrapper(const T in{dims}) {{"
        )
        .unwrap();
        for d in 1..=rank {
            writeln!(out, "for (size_t i{d} = 0; i{d} < D{d}; ++i{d})").unwrap();
        }
        writeln!(out, "arr{index} = in{index};\n}}\n}};").unwrap();
    }
    out.push_str("template <typename T> struct __nv_lambda_field_type { typedef T type; };\n");
    for rank in 1..=MAX_ARRAY_RANK {
        let dims: String = (1..=rank).map(|d| format!("[D{d}]")).collect();
        let params: String = (1..=rank).map(|d| format!(", size_t D{d}")).collect();
        for cv in ["", "const "] {
            writeln!(
                out,
                "template <typename T{params}> struct __nv_lambda_field_type<{cv}T {dims}> \
                 {{ typedef {cv}__nv_lambda_array_wrapper<T {dims}> type; }};"
            )
            .unwrap();
        }
    }
}

/// `, typename F1, ..., typename Fn`
fn field_params(n: usize) -> String {
    (1..=n).map(|i| format!(", typename F{i}")).collect()
}

/// `, F1, ..., Fn`
fn field_args(n: usize) -> String {
    (1..=n).map(|i| format!(", F{i}")).collect()
}

/// The fields `f1..fn` of a wrapper.
fn fields(n: usize) -> String {
    (1..=n)
        .map(|i| format!("typename __nv_lambda_field_type<F{i}>::type f{i};\n"))
        .collect()
}

/// `__nv_dl_wrapper_t`: the host's stand-in for a `__device__` lambda, holding its captures. Its
/// call operator is never run on the host; it returns `int` (or, with a trailing return type,
/// the declared one) so that host code may name the call's type.
fn device_wrappers(out: &mut String, arities: &BTreeSet<usize>) {
    out.push_str(
        "template <typename Tag, typename... CapturedVarTypePack> struct __nv_dl_wrapper_t {\n\
         static_assert(sizeof...(CapturedVarTypePack) == 0, \"nvcc internal error: unexpected \
         number of captures!\");\n};\n\
         template <typename Tag> struct __nv_dl_wrapper_t<Tag> {\n\
         __nv_dl_wrapper_t(Tag) { }\n\
         template <typename... U1> int operator()(U1...) { return 0; }\n};\n\
         template <typename U, U func, typename Return, unsigned> struct __nv_dl_trailing_return_tag { };\n\
         template <typename U, U func, typename Return, unsigned Id>\n\
         struct __nv_dl_wrapper_t<__nv_dl_trailing_return_tag<U, func, Return, Id> > {\n\
         __nv_dl_wrapper_t(__nv_dl_trailing_return_tag<U, func, Return, Id>) { }\n\
         template <typename... U1> Return operator()(U1...) { __builtin_unreachable(); }\n};\n",
    );
    for &n in arities.iter().filter(|&&n| n > 0) {
        let ins: String = (1..=n).map(|i| format!(", F{i} in{i}")).collect();
        let inits: Vec<String> = (1..=n).map(|i| format!("f{i}(in{i})")).collect();
        let inits = inits.join(", ");
        let (params, args, fields) = (field_params(n), field_args(n), fields(n));
        write!(
            out,
            "template <typename Tag{params}> struct __nv_dl_wrapper_t<Tag{args}> {{\n{fields}\
             __nv_dl_wrapper_t(Tag{ins}) : {inits} {{ }}\n\
             template <typename... U1> int operator()(U1...) {{ return 0; }}\n}};\n\
             template <typename U, U func, typename Return, unsigned Id{params}>\n\
             struct __nv_dl_wrapper_t<__nv_dl_trailing_return_tag<U, func, Return, Id>{args}> {{\n{fields}\
             __nv_dl_wrapper_t(__nv_dl_trailing_return_tag<U, func, Return, Id>{ins}) : {inits} {{ }}\n\
             template <typename... U1> Return operator()(U1...) {{ __builtin_unreachable(); }}\n}};\n"
        )
        .unwrap();
    }
}

/// `__nv_hdl_helper`: per lambda (its tag) and call signature, the functions that copy, call
/// and delete the type-erased lambda, set by the wrapper's constructor. In an unnamed
/// namespace, as cudafe++ writes it.
fn host_device_helper(out: &mut String) {
    const PARAMS: &str = "template <typename Tag, typename OpFuncR, typename... OpFuncArgs>";
    const HELPER: &str = "__nv_hdl_helper<Tag, OpFuncR, OpFuncArgs...>";
    writeln!(
        out,
        "namespace {{\n{PARAMS} struct __nv_hdl_helper {{\n\
         typedef void *(*fp_copier_t)(void *);\n\
         typedef OpFuncR (*fp_caller_t)(void *, OpFuncArgs...);\n\
         typedef void (*fp_deleter_t)(void *);\n\
         typedef OpFuncR (*fp_noobject_caller_t)(OpFuncArgs...);\n\
         static fp_copier_t fp_copier;\n\
         static fp_deleter_t fp_deleter;\n\
         static fp_caller_t fp_caller;\n\
         static fp_noobject_caller_t fp_noobject_caller;\n}};"
    )
    .unwrap();
    for member in ["fp_copier", "fp_deleter", "fp_caller", "fp_noobject_caller"] {
        writeln!(
            out,
            "{PARAMS} typename {HELPER}::{member}_t {HELPER}::{member};"
        )
        .unwrap();
    }
    out.push_str("}\n");
}

/// One `__nv_hdl_wrapper_t` specialization: `n` captures; a `mutable` lambda's call operator
/// is not `const`; a lambda without captures converts to a function pointer and is called
/// through one, others are copied to the heap and called through `manager<Lambda>`.
fn host_device_wrapper(out: &mut String, n: usize, is_mutable: bool, has_conversion: bool) {
    const HELPER: &str = "__nv_hdl_helper<Tag, OpFuncR, OpFuncArgs...>";
    let (params, args, fields) = (field_params(n), field_args(n), fields(n));
    let ins: String = (1..=n).map(|i| format!(", F{i} in{i}")).collect();
    let field_inits: Vec<String> = (1..=n).map(|i| format!("f{i}(in{i})")).collect();
    let call_cv = if is_mutable { "" } else { " const" };
    write!(
        out,
        "template <bool NeverThrows, typename Tag, typename OpFuncR, typename... OpFuncArgs{params}>\n\
         struct __nv_hdl_wrapper_t<{is_mutable}, {has_conversion}, NeverThrows, Tag, OpFuncR(OpFuncArgs...){args}> {{\n\
         {fields}typedef OpFuncR(__opfunc_t)(OpFuncArgs...);\n"
    )
    .unwrap();
    if has_conversion {
        let inits = if n == 0 {
            String::new()
        } else {
            format!(" : {}", field_inits.join(", "))
        };
        write!(
            out,
            "template <typename Lambda> __nv_hdl_wrapper_t(Tag, Lambda &&lam{ins}){inits} \
             {{ {HELPER}::fp_noobject_caller = lam; }}\n\
             OpFuncR operator()(OpFuncArgs... args){call_cv} noexcept(NeverThrows) {{\n\
             return {HELPER}::fp_noobject_caller(std::forward<OpFuncArgs>(args)...); }}\n\
             operator __opfunc_t *() const {{ return {HELPER}::fp_noobject_caller; }}\n\
             __nv_hdl_wrapper_t &operator=(const __nv_hdl_wrapper_t &in) = delete;\n}};\n"
        )
        .unwrap();
        return;
    }
    let mut inits = field_inits.clone();
    inits.push("data(static_cast<void *>(new Lambda(std::move(lam))))".into());
    let copies: String = (1..=n).map(|i| format!("f{i}(in.f{i}), ")).collect();
    let moves: String = (1..=n)
        .map(|i| format!("f{i}(std::move(in.f{i})), "))
        .collect();
    write!(
        out,
        "void *data;\n\
         template <typename Lambda> struct manager {{\n\
         static void *do_copy(void *buf) {{\n\
         auto ptr = static_cast<Lambda *>(buf);\n\
         return static_cast<void *>(new Lambda(*ptr));\n}};\n\
         static OpFuncR do_call(void *buf, OpFuncArgs... args) {{\n\
         auto ptr = static_cast<Lambda *>(buf);\n\
         return (*ptr)(std::forward<OpFuncArgs>(args)...);\n}};\n\
         static void do_delete(void *buf) {{\n\
         auto ptr = static_cast<Lambda *>(buf);\n\
         delete ptr;\n}}\n}};\n\
         template <typename Lambda> __nv_hdl_wrapper_t(Tag, Lambda &&lam{ins}) : {inits} {{\n\
         {HELPER}::fp_copier = &manager<Lambda>::do_copy;\n\
         {HELPER}::fp_deleter = &manager<Lambda>::do_delete;\n\
         {HELPER}::fp_caller = &manager<Lambda>::do_call;\n}}\n\
         OpFuncR operator()(OpFuncArgs... args){call_cv} noexcept(NeverThrows) {{\n\
         return {HELPER}::fp_caller(data, std::forward<OpFuncArgs>(args)...); }}\n\
         __nv_hdl_wrapper_t(const __nv_hdl_wrapper_t &in) : {copies}data({HELPER}::fp_copier(in.data)) {{ }}\n\
         __nv_hdl_wrapper_t(__nv_hdl_wrapper_t &&in) : {moves}data(in.data) {{ in.data = 0; }}\n\
         ~__nv_hdl_wrapper_t(void) {{ {HELPER}::fp_deleter(data); }}\n\
         __nv_hdl_wrapper_t &operator=(const __nv_hdl_wrapper_t &in) = delete;\n}};\n",
        inits = inits.join(", ")
    )
    .unwrap();
}

/// `__nv_hdl_create_wrapper_t<IsMutable, HasFuncPtrConv, Tag, Captures...>::
/// __nv_hdl_create_wrapper(lambda, captures...)`: reads the call signature (and whether it is
/// `noexcept`) off the lambda's call operator and builds the wrapper.
fn host_device_factory(out: &mut String) {
    out.push_str(
        "template <bool IsMutable, bool HasFuncPtrConv, typename... CaptureArgs>\n\
         struct __nv_hdl_helper_trait_outer {\n\
         template <typename Tag, typename Lambda>\n\
         struct __nv_hdl_helper_trait : public __nv_hdl_helper_trait<Tag, decltype(&Lambda::operator())> { };\n",
    );
    for (qualifiers, never_throws) in [
        (" const", false),
        ("", false),
        (" const noexcept", true),
        (" noexcept", true),
    ] {
        writeln!(
            out,
            "template <typename Tag, typename C, typename R, typename... OpFuncArgs>\n\
             struct __nv_hdl_helper_trait<Tag, R (C::*)(OpFuncArgs...){qualifiers}> {{\n\
             template <typename Lambda> static auto get(Lambda lam, CaptureArgs... args) -> \
             __nv_hdl_wrapper_t<IsMutable, HasFuncPtrConv, {never_throws}, Tag, R(OpFuncArgs...), CaptureArgs...>;\n}};"
        )
        .unwrap();
    }
    out.push_str(
        "};\n\
         template <bool IsMutable, bool HasFuncPtrConv, typename Tag, typename... CaptureArgs>\n\
         struct __nv_hdl_create_wrapper_t {\n\
         template <typename Lambda>\n\
         static auto __nv_hdl_create_wrapper(Lambda &&lam, CaptureArgs... args) -> \
         decltype(__nv_hdl_helper_trait_outer<IsMutable, HasFuncPtrConv, CaptureArgs...>::template \
         __nv_hdl_helper_trait<Tag, Lambda>::get(lam, args...)) {\n\
         typedef decltype(__nv_hdl_helper_trait_outer<IsMutable, HasFuncPtrConv, CaptureArgs...>::template \
         __nv_hdl_helper_trait<Tag, Lambda>::get(lam, args...)) container_type;\n\
         return container_type(Tag{}, std::move(lam), args...);\n}\n};\n",
    );
}

/// The traits behind `__nv_is_extended_device_lambda_closure_type(X)` and its two siblings,
/// which CUDA's and CCCL's headers use (the prologue defines them `false` without
/// `--extended-lambda`).
fn traits(out: &mut String) {
    out.push_str(
        "template <typename T> struct __nv_lambda_trait_remove_const { typedef T type; };\n\
         template <typename T> struct __nv_lambda_trait_remove_const<T const> { typedef T type; };\n\
         template <typename T> struct __nv_lambda_trait_remove_volatile { typedef T type; };\n\
         template <typename T> struct __nv_lambda_trait_remove_volatile<T volatile> { typedef T type; };\n\
         template <typename T> struct __nv_lambda_trait_remove_cv {\n\
         typedef typename __nv_lambda_trait_remove_const<typename __nv_lambda_trait_remove_volatile<T>::type>::type type;\n};\n\
         template <typename T> struct __nv_extended_device_lambda_trait_helper { static const bool value = false; };\n\
         template <typename T1, typename... Pack>\n\
         struct __nv_extended_device_lambda_trait_helper<__nv_dl_wrapper_t<T1, Pack...> > { static const bool value = true; };\n\
         #define __nv_is_extended_device_lambda_closure_type(X) __nv_extended_device_lambda_trait_helper< typename __nv_lambda_trait_remove_cv<X>::type>::value\n\
         template <typename T> struct __nv_lambda_trait_remove_dl_wrapper { typedef T type; };\n\
         template <typename T> struct __nv_lambda_trait_remove_dl_wrapper<__nv_dl_wrapper_t<T> > { typedef T type; };\n\
         template <typename T> struct __nv_extended_device_lambda_with_trailing_return_trait_helper { static const bool value = false; };\n\
         template <typename U, U func, typename Return, unsigned Id, typename... Pack>\n\
         struct __nv_extended_device_lambda_with_trailing_return_trait_helper<__nv_dl_wrapper_t<__nv_dl_trailing_return_tag<U, func, Return, Id>, Pack...> > { static const bool value = true; };\n\
         #define __nv_is_extended_device_lambda_with_preserved_return_type(X) __nv_extended_device_lambda_with_trailing_return_trait_helper< typename __nv_lambda_trait_remove_cv<X>::type >::value\n\
         template <typename> struct __nv_extended_host_device_lambda_trait_helper { static const bool value = false; };\n\
         template <bool B1, bool B2, bool B3, typename T1, typename T2, typename... Pack>\n\
         struct __nv_extended_host_device_lambda_trait_helper<__nv_hdl_wrapper_t<B1, B2, B3, T1, T2, Pack...> > { static const bool value = true; };\n\
         #define __nv_is_extended_host_device_lambda_closure_type(X) __nv_extended_host_device_lambda_trait_helper< typename __nv_lambda_trait_remove_cv<X>::type>::value\n",
    );
}
