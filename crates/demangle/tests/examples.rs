//! One line per construct, in the three dialects: a readable record of what each prints.

use demangle::{DemangleOptions, Style, demangle};
use expect_test::{Expect, expect};

fn check(name: &str, expect: Expect) {
    let mut out = String::new();
    for style in [Style::Gnu, Style::Llvm, Style::Nvidia] {
        let opts = DemangleOptions {
            style,
            params: true,
            types: true,
        };
        let text = demangle(name, &opts).unwrap_or_else(|e| format!("error: {e}"));
        out += &format!("{style:?}: {text}\n");
    }
    // The mangler writes every accepted name back unchanged.
    if let Ok(parsed) = demangle::parse(name.as_bytes(), true) {
        let again =
            mangle::mangle(&parsed.ast, parsed.root).unwrap_or_else(|e| format!("error: {e}"));
        if again != name {
            out += &format!("re-mangled: {again}\n");
        }
    }
    expect.assert_eq(&out);
}

#[test]
fn nvidia_lambda_wrappers() {
    check(
        "_Z6kernelIZ4mainEUnvdl1_PFivE4main1_iEvT_Pi",
        expect![[r#"
            Gnu: void kernel<__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, 1u>, int> >(__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, 1u>, int>, int*)
            Llvm: void kernel<__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, 1u>, int>>(__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, 1u>, int>, int*)
            Nvidia: void kernel<__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, (unsigned int)1>, int>>(T1, int *)
        "#]],
    );
    check(
        "_Z6kernelIZ4mainEUnvhdl1_0_1_1_PFivE4main6_iiEiEvT_Pi",
        expect![[r#"
            Gnu: void kernel<__nv_hdl_wrapper_t<true, false, true, __nv_dl_tag<int (*)(), &main, 6u>, int (int), int> >(__nv_hdl_wrapper_t<true, false, true, __nv_dl_tag<int (*)(), &main, 6u>, int (int), int>, int*)
            Llvm: void kernel<__nv_hdl_wrapper_t<true, false, true, __nv_dl_tag<int (*)(), &main, 6u>, int (int), int>>(__nv_hdl_wrapper_t<true, false, true, __nv_dl_tag<int (*)(), &main, 6u>, int (int), int>, int*)
            Nvidia: void kernel<__nv_hdl_wrapper_t<(bool)1, (bool)0, (bool)1, __nv_dl_tag<int (*)(), &main, (unsigned int)6>, int (int), int>>(T1, int *)
        "#]],
    );
}

#[test]
fn nvidia_static_prefix_and_stub_names() {
    check(
        "__nv_static_29__53802b82_8_names_cu_9236c26a__ZN40_GLOBAL__N__53802b82_8_names_cu_9236c26a11anon_kernelEPi",
        expect![[r#"
            Gnu: (anonymous namespace)::anon_kernel(int*) [__nv_static _53802b82_8_names_cu_9236c26a]
            Llvm: (anonymous namespace)::anon_kernel(int*) [__nv_static _53802b82_8_names_cu_9236c26a]
            Nvidia: <unnamed>::anon_kernel(int *)
        "#]],
    );
    check(
        "_ZL56__device_stub__Z6kernelIZ4mainEUnvdl0_PFivE4main5_EvT_PiR17__nv_dl_wrapper_tI11__nv_dl_tagIPFivEXadL_Z4mainEELj5EEJEEPi",
        expect![[r#"
            Gnu: __device_stub_<void kernel<__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, 5u> > >(__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, 5u> >, int*)>(__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, 5u> >&, int*)
            Llvm: __device_stub_<void kernel<__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, 5u>>>(__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, 5u>>, int*)>(__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, 5u>>&, int*)
            Nvidia: __device_stub_<void kernel<__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, (unsigned int)5>>>(T1, int *)>(__nv_dl_wrapper_t<__nv_dl_tag<int (*)(), &main, (unsigned int)5>> &, int *)
        "#]],
    );
}

#[test]
fn vendor_operator_and_local_names() {
    check(
        "_Zv23minii",
        expect![[r#"
            Gnu: operator min(int, int)
            Llvm: operator min(int, int)
            Nvidia: operator min(int, int)
        "#]],
    );
    check(
        "_ZZ4mainENKUliE_clEi",
        expect![[r#"
            Gnu: main::{lambda(int)#1}::operator()(int) const
            Llvm: main::'lambda'(int)::operator()(int) const
            Nvidia: main::[lambda(int) (instance 1)]::operator ()(int) const
        "#]],
    );
    check(
        "_ZZN1S1fEiiEd0_NKUlvE0_clEv",
        expect![[r#"
            Gnu: S::f(int, int)::{default arg#2}::{lambda()#2}::operator()() const
            Llvm: S::f(int, int)::'lambda0'()::operator()() const
            Nvidia: S::f(int, int)::[default argument 2 (from end)]::[lambda() (instance 2)]::operator ()() const
        "#]],
    );
    check(
        "_ZZ3foovE1x_0",
        expect![[r#"
            Gnu: foo()::x
            Llvm: foo()::x
            Nvidia: foo()::x (instance 2)
        "#]],
    );
}

#[test]
fn special_names_and_types() {
    check(
        "_ZTVN2ns6WidgetE",
        expect![[r#"
            Gnu: vtable for ns::Widget
            Llvm: vtable for ns::Widget
            Nvidia: Virtual function table for ns::Widget
        "#]],
    );
    check(
        "_ZNSt6vectorIPKcSaIS1_EED2Ev",
        expect![[r#"
            Gnu: std::vector<char const*, std::allocator<char const*> >::~vector()
            Llvm: std::vector<char const*, std::allocator<char const*>>::~vector()
            Nvidia: std::vector<const char *, std::allocator<const char *>>::~vector() [subobject]
        "#]],
    );
    check(
        "PFPKcRA4_iE",
        expect![[r#"
            Gnu: char const* (*)(int (&) [4])
            Llvm: char const* (*)(int (&) [4])
            Nvidia: const char *(*)(int (&)[4])
        "#]],
    );
}

/// libiberty's print-time rules that the `gnu` dialect follows (rows of libiberty.tsv).
#[test]
fn gnu_print_time_quirks() {
    // gcj: an explicit return type and a resource name.
    check(
        "_ZN4java4lang4Math4acosEJdd",
        expect![[r#"
            Gnu: double java::lang::Math::acos(double)
            Llvm: error: invalid mangled name (at byte 24)
            Nvidia: error: invalid mangled name (at byte 24)
        "#]],
    );
    check(
        "_ZGr32_java$Sutil$Siso4217$_properties",
        expect![[r#"
            Gnu: java resource java/util/iso4217.properties
            Llvm: error: invalid mangled name (at byte 2)
            Nvidia: error: invalid mangled name (at byte 2)
        "#]],
    );
    // A `T_` reached again through a reference keeps the template scope of its first printing.
    check(
        "_ZN1A1fIPZ4postI1BEvOT_EUlvE_EERS3_v",
        expect![[r#"
            Gnu: post<B>(B&&)::{lambda()#1}*& A::f<post<B>(post<B>(B&&)::{lambda()#1}*&&)::{lambda()#1}*>()
            Llvm: B& A::f<void post<B>(B&&)::'lambda'()*>()
            Nvidia: T1 & A::f<void post<B>(T1 &&)::[lambda() (instance 1)] *>()
        "#]],
    );
    // Qualifiers of an array move to its element, once.
    check(
        "_Z3fooIA6_KiEvA9_KT_",
        expect![[r#"
            Gnu: void foo<int const [6]>(int const [9][6])
            Llvm: void foo<int const [6]>(int const const [9][6])
            Nvidia: void foo<const int [6]>(const T1 [9])
        "#]],
    );
    // Vendor qualifiers on a function type are declarator modifiers.
    check(
        "_Z1fIPU7stdcallFviEEvT_",
        expect![[r#"
            Gnu: void f<void ( stdcall*)(int)>(void ( stdcall*)(int))
            Llvm: void f<void (int) stdcall*>(void (int) stdcall*)
            Nvidia: void f<void (int) stdcall *>(T1)
        "#]],
    );
    // A template template parameter with arguments in a conversion type (NVIDIA reads it too).
    check(
        "_ZN1AcvT_IiEI1CEEv",
        expect![[r#"
            Gnu: A::operator C<int><C>()
            Llvm: error: invalid mangled name (at byte 16)
            Nvidia: A::operator T1<int><C>()
        "#]],
    );
    // A reference to a closure type is absorbed by the closure's first declarator.
    check(
        "_Z3eatIZ3FoovEUlPA5_T_E1_EvRS0_",
        expect![[r#"
            Gnu: void eat<Foo()::{lambda(auto:1 (*) [5])#3}>(Foo()::{lambda(auto:1 (*&) [5])#3})
            Llvm: void eat<Foo()::'lambda1'(auto (*) [5])>(auto&)
            Nvidia: void eat<Foo()::[lambda(T1 (*)[5]) (instance 3)]>(T1 &)
        "#]],
    );
    // So is the whole declarator around it: qualifiers and pointers of a parameter, and the
    // function (name and parameters) whose return type it is (checked against c++filt in
    // tests/cxxfilt_differential.rs).
    check(
        "_Z1fPKZ3FoovEUlPA5_iE_",
        expect![[r#"
            Gnu: f(Foo()::{lambda(int (* const*) [5])#1})
            Llvm: f(Foo()::'lambda'(int (*) [5]) const*)
            Nvidia: f(const Foo()::[lambda(int (*)[5]) (instance 1)] *)
        "#]],
    );
    check(
        "_Z7forwardIZ3FoovEUlPA5_T_E1_EOS0_RS0_",
        expect![[r#"
            Gnu: Foo()::{lambda(auto:1 (*&&forward<Foo()::{lambda(auto:1 (*) [5])#3}>(auto:1&)) [5])#3}
            Llvm: auto&& forward<Foo()::'lambda1'(auto (*) [5])>(auto&)
            Nvidia: T1 && forward<Foo()::[lambda(T1 (*)[5]) (instance 3)]>(T1 &)
        "#]],
    );
}

/// NVIDIA's demangler (rows of libiberty_nvidia.tsv).
#[test]
fn nvidia_qualifier_rules() {
    // Vendor qualifiers run together after the first; each inner layer is a substitution.
    check(
        "_ZlsRKU3fooU4bart1XS2_",
        expect![[r#"
            Gnu: operator<<(X bart foo const&, X bart foo const)
            Llvm: operator<<(X bart foo const&, X bart foo const&)
            Nvidia: operator <<(X bartfooconst &, X bartfooconst )
        "#]],
    );
    // `restrict` on an array is dropped.
    check(
        "_Z1fPrA5_i",
        expect![[r#"
            Gnu: f(int restrict (*) [5])
            Llvm: f(int restrict (*) [5])
            Nvidia: f(int (*)[5])
        "#]],
    );
    // The unqualified function type of `KFvvE` is a substitution candidate.
    check(
        "_Z1fIKFvvES0_Evv",
        expect![[r#"
            Gnu: void f<void () const, void () const>()
            Llvm: void f<void () const, void () const>()
            Nvidia: void f<void () const, void ()>()
        "#]],
    );
}

/// EDG's block-scope prefix `B [n] <length> <bytes>` before a name: skipped when printing,
/// written back by the mangler.
#[test]
fn edg_block_scope_names() {
    check(
        "_ZB4blk13fooIiEvT_",
        expect![[r#"
            Gnu: void foo<int>(int)
            Llvm: void foo<int>(int)
            Nvidia: void foo<int>(T1)
        "#]],
    );
    check(
        "_ZBn2xyN1A1bE",
        expect![[r#"
            Gnu: A::b
            Llvm: A::b
            Nvidia: A::b
        "#]],
    );
    check(
        "_ZB9tooshort",
        expect![[r#"
            Gnu: error: invalid mangled name (at byte 4)
            Llvm: error: invalid mangled name (at byte 4)
            Nvidia: error: invalid mangled name (at byte 4)
        "#]],
    );
}
