//! Unit tests of the declaration lines, with inline fixtures.
use expect_test::expect;

use super::*;

mod dependent_members;

#[test]
fn declarations_in_edg_order() {
    let text = "namespace N { int f(int a); int f(int b) { int l = b; return l; } }\n\
                struct S { int m; void g(int p) { int q; } static int s; ~S(); };\n\
                namespace N { extern int e; }\n\
                enum class E { x }; enum U { y };\n\
                template <typename T> struct A { T v; };\n\
                namespace { int hidden; }\n";
    let parse = syntax::parse_text(text);
    let lines = declaration_lines(&parse.syntax_node());
    let map = syntax::LineMap::new(text);
    expect![[r#"
        0x2	N	D	t.ii	1	11
        0x4	a	d	t.ii	1	25
        0x3	N::f	d	t.ii	1	19
        0x3	N::f	D	t.ii	1	33
        0x5	b	D	t.ii	1	39
        0x6	l	D	t.ii	1	48
        0x7	S	D	t.ii	2	8
        0x8	S::m	D	t.ii	2	16
        0x9	S::g	D	t.ii	2	24
        0xa	S::s	d	t.ii	2	55
        0xb	S::~S	d	t.ii	2	58
        0xc	p	D	t.ii	2	30
        0xd	q	D	t.ii	2	39
        0x2	N	d	t.ii	3	11
        0xe	N::e	d	t.ii	3	26
        0xf	E	D	t.ii	4	12
        0x10	E::x	D	t.ii	4	16
        0x11	U	D	t.ii	4	26
        0x12	y	D	t.ii	4	30
        0x13	T	D	t.ii	5	20
        0x14	A	D	t.ii	5	30
        0x15	A<T>::v	D	t.ii	5	36
        0x16	<unnamed>	D	t.ii	6	11
        0x17	<unnamed>::hidden	D	t.ii	6	17
    "#]]
    .assert_eq(&render(&lines, &map, "t.ii"));
}

#[test]
fn render_writes_digits_as_format_does() {
    // Ids and columns at the edges of the hand-written digits (0, one digit, all of `u32`),
    // lines before the first marker and under one.
    let text = format!("int a;\n# 4294967295 \"h.h\"\n{}x;\n", " ".repeat(100_000));
    let map = syntax::LineMap::new(&text);
    let line = |entity: u32, offset: usize| XrefLine {
        entity,
        name: "n::m<int>".to_string(),
        kind: 'R',
        offset: TextSize::from(offset as u32),
    };
    let lines = [
        line(0, 0),
        line(9, 4),
        line(0x10, 7),
        line(0xdead_beef, text.len() - 3),
        line(u32::MAX, text.len() - 2),
    ];
    let mut expected = String::new();
    for l in &lines {
        let pos = map.position(l.offset);
        let file = pos.file.unwrap_or("t.ii");
        expected += &format!(
            "0x{:x}\t{}\t{}\t{file}\t{}\t{}\n",
            l.entity, l.name, l.kind, pos.line, pos.col
        );
    }
    assert!(expected.contains("0xffffffff\t"), "{expected}");
    assert!(expected.contains("\t100001\n"), "{expected}");
    assert_eq!(render(&lines, &map, "t.ii"), expected);
}

/// The lines of a fixture that the test is about: `name kind line:col`, in order, ids left out.
fn lines_of(text: &str, keep: impl Fn(&XrefLine) -> bool) -> String {
    let map = syntax::LineMap::new(text);
    let mut out = String::new();
    for l in test_db::declaration_lines_of(text)
        .iter()
        .filter(|l| keep(l))
    {
        let pos = map.position(l.offset);
        out.push_str(&format!("{} {} {}:{}\n", l.name, l.kind, pos.line, pos.col));
    }
    out
}

fn instance_lines(text: &str) -> String {
    lines_of(text, |l| l.name.contains('<'))
}

#[test]
fn instances_complete_their_bases_and_qualified_member_types() {
    let text = "template <class T> struct Base { T b; };\n\
                template <class T> struct Id { typedef T type; };\n\
                template <class T> struct D : Base<T> { typedef typename Id<T>::type t; };\n\
                D<int> d;\n";
    expect![[r#"
        Base<T>::b D 1:36
        Id<T>::type D 2:42
        D<T>::t D 3:70
        Base<int>::b D 1:36
        Id<int>::type D 2:42
        D<int>::t D 3:70
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn arguments_are_printed_evaluated() {
    // A default argument naming a trait's constant, a static constant computed from the
    // arguments, an enumerator, and a namespace constant in a partial specialization.
    let text = "typedef unsigned long size_t;\n\
                template <class T> struct is_int { enum { value = 0 }; };\n\
                template <> struct is_int<int> { enum { value = 1 }; };\n\
                template <class T, bool = is_int<T>::value> struct promote { typedef T type; };\n\
                promote<int> p;\n\
                template <long N, long D = 1> struct ratio { static const long num = N * 2; };\n\
                template <long N> struct twice { ratio<ratio<N>::num> r; };\n\
                twice<3> t;\n\
                constexpr size_t dyn = static_cast<size_t>(-1);\n\
                template <class T, size_t E> struct span { int s; };\n\
                template <class T> struct span<T, dyn> { int d; };\n\
                enum Algo { FAST };\n\
                template <Algo A> struct pick { int a; };\n\
                pick<FAST> k;\n";
    expect![[r#"
        is_int<T>::value D 2:43
        is_int<int> D 3:20
        is_int<int>::value D 3:41
        <unnamed> D 4:25
        promote<T, <unnamed>>::type D 4:72
        promote<int, true>::type D 4:72
        ratio<N, D>::num d 6:64
        twice<N>::r D 7:55
        ratio<3L, 1L>::num d 6:64
        ratio<6L, 1L>::num d 6:64
        twice<3L>::r D 7:55
        span<T, E>::s D 10:48
        span<T, 18446744073709551615UL>::d D 11:46
        pick<A>::a D 13:37
        pick<FAST>::a D 13:37
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn instance_members_as_edg_declares_them() {
    // Defaulted members are definitions, a conversion to a member typedef is named by its
    // type, member class and alias templates are declared with their parameters.
    let text = "template <class T> struct C {\n\
                  typedef T value_type;\n\
                  C() = default;\n\
                  operator value_type() const;\n\
                  template <class U> struct Inner;\n\
                  template <class U> using Rebind = C<U>;\n\
                };\n\
                C<char> c;\n";
    expect![[r#"
        T D 1:17
        C D 1:27
        C<T>::value_type D 2:11
        C<T>::C D 3:1
        C<T>::operator T d 4:1
        U D 5:17
        C<T>::Inner d 5:27
        U D 6:17
        C<T>::Rebind D 6:26
        C<char>::value_type D 2:11
        C<char>::C D 3:1
        C<char>::operator char d 4:1
        U D 5:17
        C<char>::Inner d 5:27
        U D 6:17
        C<char>::Rebind D 6:26
        c D 8:9
    "#]]
    .assert_eq(&lines_of(text, |_| true));
}

#[test]
fn member_classes_are_declared_by_each_instance() {
    // cudafe++ declares each member class again in the instance (`d`), defined in the class
    // or only declared there (`struct F;`), before the declarators of its declaration; an
    // unnamed one declares nothing by a name, and `struct F *pf` only names `F`. cudafe++
    // also completes `R<int>::F` where `ff` needs it (`R<int>::F T 3:10`, `R<int>::F::r D
    // 5:16`), which the walk does not do yet.
    let text = "template <typename T> struct R {\n\
                  typedef struct X { int q; } Y;\n\
                  struct F;\n\
                  struct F *pf;\n\
                  struct F { T r; } ff;\n\
                  class K final { };\n\
                  struct alignas(8) L { };\n\
                  T a;\n\
                };\n\
                R<int> x;\n";
    expect![[r#"
        R<int>::X d 2:16
        R<int>::Y D 2:29
        R<int>::F d 3:8
        R<int>::pf D 4:11
        R<int>::F d 5:8
        R<int>::ff D 5:19
        R<int>::K d 6:7
        R<int>::L d 7:19
        R<int>::a D 8:3
    "#]]
    .assert_eq(&lines_of(text, |l| l.name.starts_with("R<int>")));
}

#[test]
fn member_classes_of_an_instance_named_through_a_leaked_alias_are_not_declared() {
    // `tr::pointer` does not resolve in `storage<alloc>` (the walk does not evaluate `sizeof`
    // in `pick`), and its qualifier then names `f`'s local alias `tr`, which the walk declares
    // under its bare name: `range<it<tr::pointer>>` is an instance EDG never makes (cudafe++
    // completes `range<it<alloc *>>`, with `range<it<alloc *>>::F d 11:42`). It is still
    // completed as before (its parameters' and locals' lines, unqualified, match), but its
    // member class is not declared under that name, where it could only be an extra line.
    let text = "template <bool, class A, class B> struct pick { typedef B type; };\n\
                template <class A> struct traits \
                { using pointer = typename pick<sizeof(A) == 1, A, A *>::type; };\n\
                template <class A> void f() { using tr = traits<A>; }\n\
                struct alloc { };\n\
                template <class T> struct it { T p; };\n\
                template <class A> struct storage {\n\
                using tr = traits<A>;\n\
                using pointer = typename tr::pointer;\n\
                using iterator = it<pointer>;\n\
                };\n\
                template <class I> struct range { struct F; I first; };\n\
                range<storage<alloc>::iterator> r;\n";
    expect![[r#"
        <unnamed> D 1:15
        pick<<unnamed>, A, B>::type D 1:59
        traits<A>::pointer D 2:42
        it<T>::p D 5:34
        storage<A>::tr D 7:7
        storage<A>::pointer D 8:7
        storage<A>::iterator D 9:7
        range<I>::F d 11:42
        range<I>::first D 11:47
        storage<alloc>::tr D 7:7
        traits<alloc>::pointer D 2:42
        storage<alloc>::pointer D 8:7
        storage<alloc>::iterator D 9:7
        it<tr::pointer>::p D 5:34
        range<it<tr::pointer>>::first D 11:47
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn names_resolved_through_lookup() {
    // A using-declaration names the entity (through inline namespaces, and to the entity a
    // using-declaration names); one of an entity of its own scope logs nothing. `std` is
    // declared before the unit; `typedef float _Float32;` declares a typedef; cv-qualifiers
    // print first in a partial specialization's name.
    let text = "typedef struct { int q; } div_t;\n\
                namespace std { inline namespace v1 { void f(); } using ::div_t; }\n\
                using std::div_t;\n\
                namespace g { using std::f; }\n\
                typedef float _Float32;\n\
                template <class T> struct rc { };\n\
                template <class T> struct rc<T const> { int r; };\n\
                template <class T, int N> struct rc<T[N]> { int a; };\n";
    expect![[r#"
        <unnamed>::q D 1:22
        div_t D 1:27
        std d 2:11
        std::v1 D 2:34
        std::v1::f d 2:44
        div_t d 2:59
        g D 4:11
        std::v1::f d 4:26
        _Float32 D 5:15
        T D 6:17
        rc D 6:27
        T D 7:17
        rc D 7:27
        rc<const T>::r D 7:45
        T D 8:17
        N D 8:24
        rc D 8:34
        rc<T [N]>::a D 8:49
    "#]]
    .assert_eq(&lines_of(text, |_| true));
}

#[test]
fn dependent_names_complete_nothing() {
    // Inside a member function template the qualifier `Disp<IT>` depends on `IT`; the
    // temporary `Disp<int>{}` in a plain function completes its instance.
    let text = "template <class T, class A = T> struct Disp { static int go(); };\n\
                struct Dev {\n\
                  template <typename IT> static int reduce(IT x) { return Disp<IT>::go(); }\n\
                };\n\
                int use() { return (Disp<int>{}, 0); }\n";
    expect![[r#"
        Disp<T, A>::go d 1:58
        Disp<int, int>::go d 1:58
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn deduction_guides_and_friend_templates() {
    // A deduction guide declares nothing; a friend class template not declared yet prints as
    // a member of the befriending class template.
    let text = "template <class T1, class T2> struct pair {};\n\
                template <class T1, class T2> pair(T1, T2) -> pair<T1, T2>;\n\
                template <class U> class base { template <class A, class B> friend struct later; };\n";
    expect![[r#"
        T1 D 1:17
        T2 D 1:27
        pair D 1:38
        T1 D 2:17
        T2 D 2:27
        U D 3:17
        base D 3:26
        A D 3:49
        B D 3:58
        base<U>::later d 3:75
    "#]]
    .assert_eq(&lines_of(text, |_| true));
}

#[test]
fn runaway_recursion_is_bounded() {
    // Instances that need ever deeper instances, a typedef naming itself, a constant that
    // needs ever more constants: the walk stops, logging what it reached.
    let text = "template <int N> struct R : R<N - 1> { static const int v = R<N - 1>::v + 1; };\n\
                R<100000> r;\n\
                template <class T> struct C { typedef typename C<T>::type type; };\n\
                C<int> c;\n\
                template <long N> struct F { static const long v = F<N + 1>::v; };\n\
                template <class T, bool B = F<3>::v> struct G { };\n\
                G<int> g;\n";
    let lines = lines_of(text, |_| true);
    assert!(lines.contains("R<100000>::v d"), "{lines}");
    assert!(lines.lines().count() < 1_000, "{lines}");
}

#[test]
fn repeated_and_cyclic_bases_are_searched_once() {
    // Found by the fuzzer: each repeated `struct B : C` adds a base again, and the base search
    // for a member branched on every copy (exponential in the depth limit).
    let mut text = String::new();
    for _ in 0..40 {
        text.push_str("struct A : A {}; struct B : C, C, A {}; struct C : B, A, B {};\n");
    }
    text.push_str("template <int N> struct T { static const int v = N; };\n");
    text.push_str("struct D : B { enum { e = C::missing }; T<B::v2> t; typename B::type u; };\n");
    let lines = lines_of(&text, |_| true);
    assert!(lines.contains("D D"), "{lines}");
}

#[test]
fn parameter_packs_in_partial_specializations_and_bases() {
    // A pack written last takes the remaining arguments (none for `L<>`), an expansion in a
    // base or nested argument list prints the pack's arguments, and a default argument is
    // evaluated with a member of the instance it names (as in libstdc++'s `__select`).
    let text = "typedef unsigned long size_t;\n\
                template <typename...> struct L { };\n\
                template <typename T, typename... U> struct L<T, U...> : L<U...> \
                { static constexpr size_t size = sizeof(T); };\n\
                template <size_t S, typename T, bool = (S <= T::size)> struct Sel;\n\
                template <size_t S, typename U, typename... Us> \
                struct Sel<S, L<U, Us...>, true> { using type = U; };\n\
                template <size_t S, typename U, typename... Us> \
                struct Sel<S, L<U, Us...>, false> : Sel<S, L<Us...>> { };\n\
                Sel<4, L<unsigned char, unsigned short, unsigned int>>::type u;\n";
    expect![[r#"
        <unnamed> D 2:22
        L<T, U...>::size D 3:92
        <unnamed> D 4:38
        Sel<S, L<U, Us...>, true>::type D 5:90
        L<unsigned int>::size D 3:92
        L<unsigned short, unsigned int>::size D 3:92
        L<unsigned char, unsigned short, unsigned int>::size D 3:92
        Sel<4UL, L<unsigned int>, true>::type D 5:90
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn alias_templates_stand_for_their_types() {
    // `make<remove_cv_t<T>>` names `make<int>`, completing `remove_cv<const int>` on the way.
    let text = "template <typename T> struct remove_cv { typedef T type; };\n\
                template <typename T> struct remove_cv<const T> { typedef T type; };\n\
                template <typename T> using remove_cv_t = typename remove_cv<T>::type;\n\
                template <typename T> struct make { typedef T type; };\n\
                template <typename T> struct sel \
                { using type = typename make<remove_cv_t<T>>::type; };\n\
                sel<const int>::type x;\n";
    expect![[r#"
        remove_cv<T>::type D 1:52
        remove_cv<const T>::type D 2:61
        make<T>::type D 4:47
        sel<T>::type D 5:42
        remove_cv<const int>::type D 2:61
        make<int>::type D 4:47
        sel<const int>::type D 5:42
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn type_traits_builtins_decided_by_the_kind_of_type() {
    // `__is_enum` of a builtin, an enumeration, a class and a pointer.
    let text = "template <bool B> struct constant { static constexpr bool value = B; };\n\
                template <typename T> struct is_enum : constant<__is_enum(T)> { };\n\
                template <typename T, bool = is_enum<T>::value> struct pick { int p; };\n\
                enum E { e };\n\
                struct S { };\n\
                pick<wchar_t> a; pick<E> b; pick<S> c; pick<S *> d;\n";
    expect![[r#"
        constant<B>::value D 1:59
        <unnamed> D 3:28
        pick<T, <unnamed>>::p D 3:67
        constant<false>::value D 1:59
        pick<wchar_t, false>::p D 3:67
        constant<true>::value D 1:59
        pick<E, true>::p D 3:67
        pick<S, false>::p D 3:67
        pick<S *, false>::p D 3:67
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn member_typedefs_qualify_names_in_their_instance() {
    // `inner::type` in `outer<int>` is `id<int>::type`: `outer<int>::type` is `int`.
    let text = "template <typename T> struct id { typedef T type; };\n\
                template <typename T> struct outer \
                { typedef id<T> inner; typedef typename inner::type type; };\n\
                id<outer<int>::type> x;\n";
    expect![[r#"
        id<T>::type D 1:45
        outer<T>::inner D 2:52
        outer<T>::type D 2:88
        outer<int>::inner D 2:52
        id<int>::type D 1:45
        outer<int>::type D 2:88
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn specialization_arguments_printed_as_edg_prints_them() {
    // An enumerator of an enclosing namespace by name, a global qualifier dropped and the
    // inline namespace it goes through printed, a function type's qualifiers set off, C
    // varargs after a pack, a dependent `noexcept` left out, a builtin's words reordered.
    let text = "namespace cu { inline namespace v4 { template <class T> struct plus { }; } }\n\
                enum Category { SIGNED, UNSIGNED };\n\
                namespace det {\n\
                template <Category C, bool B> struct Traits { int t; };\n\
                template <bool B> struct Traits<UNSIGNED, B> { int u; };\n\
                template <class F> struct wrap { };\n\
                template <class F> struct wrap<::cu::plus<F>> { int w; };\n\
                }\n\
                template <class F> struct mem;\n\
                template <class R, class C, class... A> \
                struct mem<R (C::*)(A...) const &> { int m; };\n\
                template <class R, class C, class... A> \
                struct mem<R (C::*)(A... ...) volatile> { int v; };\n\
                template <class R, class C, class... A, bool N> \
                struct mem<R (C::*)(A...) && noexcept(N)> { int n; };\n\
                template <class T> struct hash { int h; };\n\
                hash<__int128 unsigned> h;\n";
    expect![[r#"
        det::Traits<C, B>::t D 4:51
        det::Traits<UNSIGNED, B>::u D 5:52
        det::wrap<cu::v4::plus<F>>::w D 7:53
        mem<R (C::*)(A...) const &>::m D 10:82
        mem<R (C::*)(A..., ...) volatile>::v D 11:87
        mem<R (C::*)(A...) &&>::n D 12:97
        hash<T>::h D 13:38
        hash<unsigned __int128>::h D 13:38
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn arguments_computed_by_variable_and_constexpr_function_templates() {
    // `make_kind<T>()` returns through `if constexpr` branches on variable templates (a
    // partial specialization of one, another reading a class's constant); the enumerator it
    // returns names the instance and picks the partial specialization.
    let text = "template <class T, class U> constexpr bool is_same_v = false;\n\
                template <class T> constexpr bool is_same_v<T, T> = true;\n\
                template <class T> struct is_integral { static constexpr bool value = false; };\n\
                template <> struct is_integral<int> { static constexpr bool value = true; };\n\
                template <class T> constexpr bool is_integral_v = is_integral<T>::value;\n\
                enum class kind { integral, boolean, other };\n\
                template <class T> constexpr kind make_kind() {\n\
                  if constexpr (is_same_v<T, bool>) { return kind::boolean; }\n\
                  else if constexpr (is_integral_v<T>) { return kind::integral; }\n\
                  else { return kind::other; }\n\
                }\n\
                template <class T, kind = make_kind<T>()> struct impl { int i; };\n\
                template <class T> struct impl<T, kind::integral> { int j; };\n\
                impl<int> a; impl<bool> b; impl<float> c;\n";
    expect![[r#"
        is_integral<T>::value D 3:63
        is_integral<int> D 4:20
        is_integral<int>::value D 4:61
        <unnamed> D 12:25
        impl<T, <unnamed>>::i D 12:61
        impl<T, kind::integral>::j D 13:57
        impl<int, kind::integral>::j D 13:57
        impl<bool, kind::boolean>::i D 12:61
        is_integral<float>::value D 3:63
        impl<float, kind::other>::i D 12:61
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn qualified_template_names_looked_up_from_the_first_segment() {
    // `std::limits` inside `cu::std::v4` is `cu::std`'s (through its inline namespace), not
    // the global `std`'s.
    let text = "namespace std { template <class T> struct limits { static const int digits = 1; }; }\n\
                namespace cu { namespace std { inline namespace v4 {\n\
                template <class T> struct limits { static const int digits = 2; };\n\
                struct date { static constexpr int days() \
                { static_assert(std::limits<int>::digits >= 2, \"\"); return 0; } };\n\
                } } }\n";
    expect![[r#"
        std::limits<T>::digits d 1:69
        cu::std::v4::limits<T>::digits d 3:53
        cu::std::v4::limits<int>::digits d 3:53
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn static_assertions_and_alias_template_bases_complete_instances() {
    // A `static_assert` in an instance names `limits<T>` with the instance's argument; a base
    // named through an alias template is the class it stands for, its enumerator argument
    // kept by name.
    let text = "enum Category { SIGNED, UNSIGNED };\n\
                template <class T> struct limits { static const bool ok = true; };\n\
                namespace detail {\n\
                template <Category C, class T> struct Base \
                { static_assert(limits<T>::ok, \"\"); int b; };\n\
                }\n\
                template <Category C, class T> using Base = detail::Base<C, T>;\n\
                template <class T> struct Traits;\n\
                template <> struct Traits<int> : Base<SIGNED, int> { };\n";
    expect![[r#"
        limits<T>::ok d 2:54
        detail::Base<C, T>::b D 4:84
        Traits<int> D 8:20
        limits<int>::ok d 2:54
        detail::Base<SIGNED, int>::b D 4:84
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn an_instance_completed_inside_a_template_knows_its_constants() {
    // `false_type` is first completed as the primary template's base, inside a template
    // definition; it is an instance all the same, so `is_int<short>::value` later reads its
    // `value` and `make_kind<short>()` takes the `else` branch. Checked against cudafe++.
    let text = "template <class T, T v> struct integral_constant { static constexpr T value = v; };\n\
                typedef integral_constant<bool, true> true_type;\n\
                typedef integral_constant<bool, false> false_type;\n\
                template <class T> struct is_int : public false_type {};\n\
                template <> struct is_int<int> : public true_type {};\n\
                enum class kind { integral, other };\n\
                template <class T> constexpr kind make_kind() \
                { if constexpr (is_int<T>::value) { return kind::integral; } \
                else { return kind::other; } }\n\
                template <class T, kind = make_kind<T>()> struct impl { int other; };\n\
                template <class T> struct impl<T, kind::integral> { using type = T; };\n\
                impl<int> i; impl<short> s;\n";
    expect![[r#"
        integral_constant<T, v>::value D 1:71
        integral_constant<bool, false>::value D 1:71
        is_int<int> D 5:20
        integral_constant<bool, true>::value D 1:71
        <unnamed> D 8:25
        impl<T, <unnamed>>::other D 8:61
        impl<T, kind::integral>::type D 9:59
        impl<int, kind::integral>::type D 9:59
        impl<short, kind::other>::other D 8:61
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn an_instance_is_named_by_the_spelling_of_its_first_use() {
    // `S<uint32_t>` and `S<unsigned int>` are one instance, named as first used; a typedef
    // of an instance (`nanos`) and a member typedef of a plain class (`clk::rep`) are kept
    // in the name, and the instance is the same as with the type they stand for. A member
    // typedef of an instance prints as its type. Checked against cudafe++.
    let text = "typedef unsigned int uint32_t;\n\
                template <class T> struct S { T t; };\n\
                S<uint32_t> a; S<unsigned int> b;\n\
                template <class T> struct D { T d; };\n\
                typedef D<long> nanos;\n\
                struct clk { typedef nanos duration; typedef int rep; };\n\
                template <class C, class Du = typename C::duration> struct tp { Du x; };\n\
                template <class C, class R = typename C::rep> struct tr { R x; };\n\
                tp<clk> c; tr<clk> d; tr<clk, int> e;\n\
                template <class T> struct inst { typedef int rep; };\n\
                tr<inst<int>> f;\n";
    expect![[r#"
        S<T>::t D 2:33
        S<uint32_t>::t D 2:33
        D<T>::d D 4:33
        tp<C, Du>::x D 7:68
        tr<C, R>::x D 8:61
        D<long>::d D 4:33
        tp<clk, clk::duration>::x D 7:68
        tr<clk, clk::rep>::x D 8:61
        inst<T>::rep D 10:46
        inst<int>::rep D 10:46
        tr<inst<int>, int>::x D 8:61
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn an_explicit_specialization_is_found_through_typedefs() {
    // `is_int<uint32_t>` is the explicit specialization for `unsigned int`, so the default
    // argument computed from it is `true`. Checked against cudafe++.
    let text = "typedef unsigned int uint32_t;\n\
                template <class T> struct is_int { static constexpr bool value = false; };\n\
                template <> struct is_int<unsigned int> { static constexpr bool value = true; };\n\
                template <class T, bool = is_int<T>::value> struct lim { T v; };\n\
                lim<uint32_t> a;\n";
    expect![[r#"
        is_int<T>::value D 2:58
        is_int<unsigned int> D 3:20
        is_int<unsigned int>::value D 3:65
        <unnamed> D 4:25
        lim<T, <unnamed>>::v D 4:60
        lim<uint32_t, true>::v D 4:60
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn decltype_and_local_typedefs_in_arguments() {
    // A partial specialization's `decltype` prints its operand when a name, the cast type
    // when a cast, and `(<expression>)` otherwise; a typedef declared in a function body
    // prints as the type it stands for. Checked against cudafe++.
    let text = "template <class T> struct P { static int f(); static const int B = 1; };\n\
                template <class...> using void_t = void;\n\
                template <class T, class = void> struct W { int a; };\n\
                template <class T> struct W<T, void_t<decltype(T::B)>> { int b; };\n\
                template <class T, class = void> struct X { int a; };\n\
                template <class T> struct X<T, decltype((void) P<T>::f())> { int b; };\n\
                template <class T, class = void> struct Y { int a; };\n\
                template <class T> struct Y<T, void_t<decltype(P<T>::f() + 1)>> { int b; };\n\
                template <class T> struct Q { T q; };\n\
                void g() {\n\
                  using L = unsigned int;\n\
                  Q<L> q;\n\
                  { typedef long M; Q<M> m; }\n\
                }\n";
    expect![[r#"
        P<T>::f d 1:42
        P<T>::B d 1:64
        <unnamed> D 2:19
        <unnamed> D 3:26
        W<T, <unnamed>>::a D 3:49
        W<T, void_t<decltype(T::B)>>::b D 4:62
        <unnamed> D 5:26
        X<T, <unnamed>>::a D 5:49
        X<T, void>::b D 6:66
        <unnamed> D 7:26
        Y<T, <unnamed>>::a D 7:49
        Y<T, void_t<decltype((<expression>))>>::b D 8:71
        Q<T>::q D 9:33
        Q<unsigned int>::q D 9:33
        Q<long>::q D 9:33
    "#]]
    .assert_eq(&instance_lines(text));
}

#[test]
fn a_dependent_base_still_evaluates_its_independent_defaults() {
    // `__is_invocable_impl<res<_Fn>, void>` depends on `_Fn`, but its default argument
    // `is_void<_Ret>::value` does not: EDG evaluates it, completing `remove_cv<void>`.
    // Checked against cudafe++.
    let text = "template <class T, T v> struct integral_constant { static constexpr T value = v; \
                typedef integral_constant type; };\n\
                typedef integral_constant<bool, true> true_type;\n\
                typedef integral_constant<bool, false> false_type;\n\
                template <class T> struct remove_cv { typedef T type; };\n\
                template <class T> using __remove_cv_t = typename remove_cv<T>::type;\n\
                template <typename> struct __is_void_helper : public false_type { };\n\
                template <> struct __is_void_helper<void> : public true_type { };\n\
                template <typename _Tp> struct is_void \
                : public __is_void_helper<__remove_cv_t<_Tp>>::type { };\n\
                template <typename _Result, typename _Ret, bool = is_void<_Ret>::value> \
                struct __is_invocable_impl : false_type { };\n\
                template <typename _Fn> struct res { typedef _Fn type; };\n\
                template <typename _Fn> struct __is_invocable \
                : __is_invocable_impl<res<_Fn>, void>::type { };\n";
    expect![[r#"
        __is_void_helper<void> D 7:20
        remove_cv<void>::type D 4:49
    "#]]
    .assert_eq(&lines_of(text, |l| l.name.contains("<void>")));
}

#[test]
fn partial_specializations_named_with_defaults_and_expressions() {
    // A partial specialization's arguments end with the primary's defaults, a template-id in
    // them gets its omitted defaults too, a variable template is qualified, and an expression
    // on template parameters prints as `<expression>`. Checked against cudafe++.
    let text = "namespace n {\n\
                template <bool B, class T = void> struct enable_if {};\n\
                template <class T> struct enable_if<true, T> { typedef T type; };\n\
                template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;\n\
                template <class T> inline constexpr bool has_a = false;\n\
                template <class T> inline constexpr bool has_b = false;\n\
                template <class I, class = void> struct traits {};\n\
                template <class I> struct traits<I, enable_if_t<has_a<I>>> { int a; };\n\
                template <class I> struct traits<I, enable_if_t<!has_a<I> && has_b<I>>> { int b; };\n\
                template <class I> struct traits<I *> { int c; };\n\
                template <class T, class A = traits<T>> struct vec { int v; };\n\
                template <class T> struct vec<T *, traits<T>> { int x; };\n\
                traits<int *> t;\n\
                }\n";
    expect![[r#"
        n::traits<I, n::enable_if_t<n::has_a<I>, void>>::a D 8:66
        n::traits<I, n::enable_if_t<<expression>, void>>::b D 9:79
        n::traits<I *, void>::c D 10:45
        n::vec<T *, n::traits<T, void>>::x D 12:53
        n::traits<int *, void>::c D 10:45
    "#]]
    .assert_eq(&lines_of(text, |l| {
        l.name.contains("::a")
            || l.name.contains("::b")
            || l.name.contains("::c")
            || l.name.contains("::x")
    }));
}

#[test]
fn explicit_specializations_of_variable_templates_are_named_with_their_arguments() {
    // As written (`signed short`, the typedef `__int128_t`); a partial one is not. Checked
    // against cudafe++.
    let text = "typedef __int128 __int128_t;\n\
                namespace n {\n\
                template <class _Tp> inline constexpr bool v = false;\n\
                template <> inline constexpr bool v<signed short> = true;\n\
                template <> inline constexpr bool v<__int128_t> = true;\n\
                template <class _Tp> inline constexpr bool v<_Tp *> = true;\n\
                }\n";
    expect![[r#"
        n::v D 3:44
        n::v<signed short> D 4:35
        n::v<__int128_t> D 5:35
        n::v D 6:44
    "#]]
    .assert_eq(&lines_of(text, |l| l.name.starts_with("n::v")));
}

#[test]
fn friends_of_class_templates_are_declared_by_the_instances() {
    // A non-template friend is logged by each instance (`D` when defined, `d` when only
    // declared) and not by the template; a friend function template by both, `D` when
    // defined. Checked against cudafe++.
    let text = "namespace std {\n\
                template <class T> struct na {\n\
                  template <class U> friend bool operator==(const na&, const na<U>&) { return true; }\n\
                  template <class U> friend bool operator<(const na&, const na<U>&);\n\
                };\n\
                template <class T> struct al : na<T> {\n\
                  friend bool operator!=(const al&, const al&) { return true; }\n\
                  friend bool operator>(const al&, const al&);\n\
                };\n\
                al<char> a;\n\
                }\n";
    expect![[r#"
        std::operator== D 3:32
        std::operator< d 4:32
        std::operator== D 3:32
        std::operator< d 4:32
        std::operator!= D 7:13
        std::operator> d 8:13
    "#]]
    .assert_eq(&lines_of(text, |l| l.name.contains("operator")));
}

#[test]
fn a_using_declaration_does_not_see_class_template_friends() {
    // `using n::swap;` logs every `swap` ordinary lookup finds: the namespace's, a plain
    // class's friend, a class template's friend template, but not a class template's
    // non-template friend. Checked against cudafe++.
    let text = "namespace n {\n\
                template <class T> void swap(T&, T&);\n\
                template <class T> struct E { friend void swap(E&, E&) {} };\n\
                struct F { friend void swap(F&, F&); };\n\
                template <class T> struct G { template <class U> friend void swap(G&, U&) {} };\n\
                void swap(int&, int&);\n\
                E<int> e;\n\
                }\n\
                void g() { using n::swap; }\n";
    expect![[r#"
        n::swap d 2:25
        n::swap d 4:24
        n::swap D 5:62
        n::swap d 6:6
        n::swap D 3:43
        n::swap d 9:21
        n::swap d 9:21
        n::swap d 9:21
        n::swap d 9:21
    "#]]
    .assert_eq(&lines_of(text, |l| l.name == "n::swap"));
}

#[test]
fn partial_specialization_declarations_and_pointer_typedefs() {
    // A partial specialization's declaration is named by the template alone; a conversion
    // to a member typedef of pointer type is named by that type. Checked against cudafe++.
    let text = "namespace std {\n\
                template <class T> struct atomic;\n\
                template <class T> struct atomic<T*>;\n\
                template <class T> struct atomic<T*> {\n\
                typedef T* __pointer_type;\n\
                operator __pointer_type() const { return 0; }\n\
                };\n\
                atomic<int*> a;\n\
                }\n";
    expect![[r#"
        std::atomic d 2:27
        std::atomic d 3:27
        std::atomic D 4:27
        std::atomic<T *>::__pointer_type D 5:12
        std::atomic<T *>::operator T * D 6:1
        std::atomic<int *>::__pointer_type D 5:12
        std::atomic<int *>::operator int * d 6:1
    "#]]
    .assert_eq(&lines_of(text, |l| l.name.starts_with("std::atomic")));
}

#[test]
fn member_using_declarations_through_member_typedefs() {
    // The qualifier is the class the member typedef stands for; in a template definition the
    // dependent base's member is declared once, an inheriting constructor not at all; a
    // conversion is named by the typedef's type, at the member's name. Checked against
    // cudafe++ (which logs `operator=` once per assignment operator, implicit ones too).
    let text = "namespace std {\n\
                template <class A> struct at { static int allocate(A&); static int allocate(A&, int); };\n\
                template <class T> struct ab { operator T() const; ab& operator=(T); };\n\
                }\n\
                template <class A> struct alt : std::at<A> {\n\
                typedef std::at<A> _Base_type;\n\
                using _Base_type::allocate;\n\
                using _Base_type::_Base_type;\n\
                };\n\
                template <class T> struct atomic;\n\
                template <> struct atomic<short> : std::ab<short> {\n\
                typedef short __integral_type;\n\
                typedef std::ab<short> __base_type;\n\
                using __base_type::operator __integral_type;\n\
                };\n";
    expect![[r#"
        std::at<A>::allocate d 7:19
        atomic d 10:27
        std::ab<short>::operator short d 14:20
    "#]]
    .assert_eq(&lines_of(text, |l| l.kind == 'd' && l.offset > 200.into()));
}

#[test]
fn conversions_to_namespace_types_are_qualified() {
    // In the class and in an out-of-class definition; a builtin stays. Checked against
    // cudafe++.
    let text = "namespace n {\n\
                struct days {};\n\
                typedef days sys_days;\n\
                struct ymd { operator sys_days() const; operator bool() const; };\n\
                ymd::operator sys_days() const { return {}; }\n\
                }\n";
    expect![[r#"
        n::ymd::operator n::sys_days d 4:14
        n::ymd::operator bool d 4:41
        n::ymd::operator n::sys_days D 5:6
    "#]]
    .assert_eq(&lines_of(text, |l| l.name.contains("operator")));
}

/// The log lines (declarations and references) of a fixture: `name kind line:col`, ids left
/// out.
fn log_of(text: &str) -> String {
    let parse = syntax::parse_text(text);
    let map = syntax::LineMap::new(text);
    let mut out = String::new();
    for l in log_lines(&parse.syntax_node()) {
        let pos = map.position(l.offset);
        out.push_str(&format!("{} {} {}:{}\n", l.name, l.kind, pos.line, pos.col));
    }
    out
}

/// [`log_of`] from the first line written at line `from` of the fixture on.
fn log_of_from(text: &str, from: u32) -> String {
    let parse = syntax::parse_text(text);
    let map = syntax::LineMap::new(text);
    let mut out = String::new();
    let mut started = false;
    for l in log_lines(&parse.syntax_node()) {
        let pos = map.position(l.offset);
        started |= pos.line >= from;
        if started {
            out.push_str(&format!("{} {} {}:{}\n", l.name, l.kind, pos.line, pos.col));
        }
    }
    out
}

/// Qualifiers segment by segment, a base, a qualifier naming a base (its injected-class-name,
/// `A::A`), using-declaration, alias and directive targets, a prototype's parameter types
/// before its parameters (cudafe++'s lines).
#[test]
fn references_in_declarations() {
    let text = "struct A { int x; typedef int T; };\n\
                namespace N { struct B : A { A::T y; struct In; }; }\n\
                using N::B;\n\
                namespace M = N;\n\
                using namespace N;\n\
                int f(A a, M::B *bb);\n";
    expect![[r#"
        A D 1:8
        A::x D 1:16
        A::T D 1:31
        N D 2:11
        N::B D 2:22
        A R 2:26
        A::A R 2:30
        A::T R 2:33
        N::B::y D 2:35
        N::B::In d 2:45
        N R 3:7
        N::B d 3:10
        M D 4:11
        N R 4:15
        N R 5:17
        A R 6:7
        M R 6:12
        N::B R 6:15
        a d 6:9
        bb d 6:18
        f d 6:5
    "#]]
    .assert_eq(&log_of(text));
}

/// In templates: the injected-class-name `X<T>::X`, the current instantiation `X<T>` printed as
/// the template, a class template's bases and a partial specialization's arguments looked up
/// twice, dependent names as written (cudafe++'s lines).
#[test]
fn alias_template_specializations_in_templates() {
    // A dependent alias template-id: its arguments, then the specialization's `T` at the
    // alias's name and the alias's type's references again (a parameter bound to a template
    // parameter under that one's name, else `<unnamed>`; template-ids substituted) when the
    // specialization is new, then its `R`. cudafe++'s lines, in its order.
    let text = "template <bool, class T = void> struct en {};\n\
                template <class T> struct en<true, T> { using type = T; };\n\
                template <bool B, class T = void> using en_t = typename en<B, T>::type;\n\
                template <class U> struct rm { using type = U; };\n\
                template <class U> using rm_t = typename rm<U>::type;\n\
                template <class X, en_t<sizeof(X) == 2, bool> = true> void f(X);\n\
                template <class X> rm_t<X> h(X);\n\
                template <class X> rm_t<X> k(rm_t<X>, rm_t<const X>);\n";
    expect![[r#"
        X D 6:17
        X R 6:32
        en_t<<expression>, bool> T 3:41
        <unnamed> R 3:60
        <unnamed> R 3:63
        en<<expression>, bool> R 3:57
        en<<expression>, bool>::type R 3:67
        en_t<<expression>, bool> R 6:20
        <unnamed> D 6:47
        X R 6:62
        f d 6:60
        X D 7:17
        X R 7:25
        rm_t<X> T 5:26
        X R 5:45
        rm<X> R 5:42
        rm<X>::type R 5:49
        rm_t<X> R 7:20
        X R 7:30
        h d 7:28
        X D 8:17
        X R 8:25
        rm_t<X> T 5:26
        X R 5:45
        rm<X> R 5:42
        rm<X>::type R 5:49
        rm_t<X> R 8:20
        X R 8:35
        rm_t<X> R 8:30
        X R 8:50
        rm_t<const X> T 5:26
        <unnamed> R 5:45
        rm<const X> R 5:42
        rm<const X>::type R 5:49
        rm_t<const X> R 8:39
        k d 8:28
    "#]]
    .assert_eq(&log_of_from(text, 6));
}

#[test]
fn template_default_arguments_looked_up_again() {
    // A default argument is logged right after its parameter without its name's last
    // segment, then whole after the last parameter; a dependent template-id that leaves it
    // out logs the references of the defaults that depend on the parameters, bound to its
    // arguments, before its own line (twice in a function template's declaration:
    // `default_evaluations_twice_in_function_and_variable_templates`). cudafe++'s lines, in
    // the walk's order within a name (a template-id's arguments before its qualifier:
    // cudafe++ writes `std R 2:27` before `T R 2:39`, and `f`'s first evaluation right after
    // `T D 5:17`).
    let text = "namespace std { template <class T> struct is_int { enum { value = 0 }; }; struct B {}; }\n\
                template <class T, bool = std::is_int<T>::value, class U = std::B, int N = 3> struct pro { };\n\
                template <class T, class U = std::is_int<T>, class = void> struct q { };\n\
                template <class T, class U = std::is_int<T>> void h(T);\n\
                template <class T> typename pro<T>::type f(T);\n\
                template <class V> struct S { typedef typename pro<V>::type t; };\n";
    expect![[r#"
        T D 2:17
        <unnamed> D 2:25
        T R 2:39
        std R 2:27
        std::is_int<T> R 2:32
        U D 2:56
        std R 2:60
        N D 2:72
        T R 2:39
        std R 2:27
        std::is_int<T> R 2:32
        std::is_int<T>::value R 2:43
        std R 2:60
        std::B R 2:65
        pro D 2:86
        T D 3:17
        U D 3:26
        T R 3:42
        std R 3:30
        <unnamed> D 3:52
        T R 3:42
        std R 3:30
        std::is_int<T> R 3:35
        q D 3:67
        T D 4:17
        U D 4:26
        T R 4:42
        std R 4:30
        T R 4:42
        std R 4:30
        std::is_int<T> R 4:35
        T R 4:53
        h d 4:51
        T D 5:17
        T R 5:33
        T R 2:39
        std R 2:27
        std::is_int<T> R 2:32
        std::is_int<T>::value R 2:43
        T R 2:39
        std R 2:27
        std::is_int<T> R 2:32
        std::is_int<T>::value R 2:43
        pro<T, std::is_int<T>::value, std::B, 3> R 5:29
        pro<T, std::is_int<T>::value, std::B, 3>::type R 5:37
        T R 5:44
        f d 5:42
        V D 6:17
        S D 6:27
        V R 6:52
        V R 2:39
        std R 2:27
        std::is_int<V> R 2:32
        std::is_int<V>::value R 2:43
        pro<V, std::is_int<V>::value, std::B, 3> R 6:48
        pro<V, std::is_int<V>::value, std::B, 3>::type R 6:56
        S<V>::t D 6:61
    "#]]
    .assert_eq(&log_of_from(text, 2));
}

#[test]
fn default_evaluations_twice_in_function_and_variable_templates() {
    // The defaults a dependent template-id leaves out are evaluated twice in the declaration
    // a template header introduces (a function or variable template, a member template, a
    // class template's static member defined outside it: its return, parameter and variable
    // types), once in a class template's members, an alias template's type and a trailing
    // return type. cudafe++'s lines as a multiset (its order puts each first evaluation
    // before the template-id's arguments).
    let text = "namespace std { template <class T> struct is_int { enum { value = 0 }; }; }\n\
                template <class T, bool = std::is_int<T>::value> struct pro { typedef T type; };\n\
                template <class T> void f4(typename pro<T *>::type);\n\
                template <class T> struct S { static typename pro<T>::type v; };\n\
                template <class T> typename pro<T>::type S<T>::v;\n\
                template <class T> using A = typename pro<T>::type;\n\
                template <class T> auto f5(T) -> pro<T>;\n";
    expect![[r#"
        T D 3:17
        T R 3:41
        <unnamed> R 2:39
        std R 2:27
        std::is_int<T *> R 2:32
        std::is_int<T *>::value R 2:43
        <unnamed> R 2:39
        std R 2:27
        std::is_int<T *> R 2:32
        std::is_int<T *>::value R 2:43
        pro<T *, std::is_int<T *>::value> R 3:37
        pro<T *, std::is_int<T *>::value>::type R 3:47
        f4 d 3:25
        T D 4:17
        S D 4:27
        T R 4:51
        T R 2:39
        std R 2:27
        std::is_int<T> R 2:32
        std::is_int<T>::value R 2:43
        pro<T, std::is_int<T>::value> R 4:47
        pro<T, std::is_int<T>::value>::type R 4:55
        S<T>::v d 4:60
        T D 5:17
        T R 5:33
        T R 2:39
        std R 2:27
        std::is_int<T> R 2:32
        std::is_int<T>::value R 2:43
        T R 2:39
        std R 2:27
        std::is_int<T> R 2:32
        std::is_int<T>::value R 2:43
        pro<T, std::is_int<T>::value> R 5:29
        pro<T, std::is_int<T>::value>::type R 5:37
        T R 5:44
        S R 5:42
        S<T>::v D 5:48
        T D 6:17
        T R 6:43
        T R 2:39
        std R 2:27
        std::is_int<T> R 2:32
        std::is_int<T>::value R 2:43
        pro<T, std::is_int<T>::value> R 6:39
        pro<T, std::is_int<T>::value>::type R 6:47
        A D 6:26
        T D 7:17
        T R 7:28
        T R 7:38
        T R 2:39
        std R 2:27
        std::is_int<T> R 2:32
        std::is_int<T>::value R 2:43
        pro<T, std::is_int<T>::value> R 7:34
        f5 d 7:25
    "#]]
    .assert_eq(&log_of_from(text, 3));
}

#[test]
fn folds_in_alias_templates_logged_per_argument() {
    // libstdc++'s `__promoted_t`: the fold's pattern is logged in the alias's definition
    // (its omitted default twice), and for each specialization once per argument the pack
    // is bound to (the first argument's default twice); a class template-id with it as its
    // argument names it (`pro<g::pro_t<_Tp, _Up>, ...>`), and a member of an alias's
    // specialization is the member of the template-id its type is. cudafe++'s lines as a
    // multiset (its order puts each first evaluation before the template-id's arguments).
    let text = "namespace std { template <class T> struct __is_integer { enum { __value = 0 }; }; }\n\
                namespace g {\n\
                template<typename _Tp, bool = std::__is_integer<_Tp>::__value> struct pro { typedef double __type; };\n\
                template<typename... _Tp> using pro_t = decltype((typename pro<_Tp>::__type(0) + ...));\n\
                template<typename _Tp, typename _Up> using pro_2 = pro<pro_t<_Tp, _Up>>;\n\
                }\n\
                template<typename _Tp, typename _Up> typename g::pro_2<_Tp, _Up>::__type atan2(_Tp, _Up);\n";
    expect![[r#"
        _Tp D 4:22
        _Tp R 4:64
        _Tp R 3:49
        std R 3:31
        std::__is_integer<_Tp> R 3:36
        std::__is_integer<_Tp>::__value R 3:55
        _Tp R 3:49
        std R 3:31
        std::__is_integer<_Tp> R 3:36
        std::__is_integer<_Tp>::__value R 3:55
        g::pro<_Tp, std::__is_integer<_Tp>::__value> R 4:60
        g::pro<_Tp, std::__is_integer<_Tp>::__value>::__type R 4:70
        g::pro_t D 4:33
        _Tp D 5:19
        _Up D 5:33
        _Tp R 5:62
        _Up R 5:67
        g::pro_t<_Tp, _Up> T 4:33
        _Tp R 4:64
        _Tp R 3:49
        std R 3:31
        std::__is_integer<_Tp> R 3:36
        std::__is_integer<_Tp>::__value R 3:55
        _Tp R 3:49
        std R 3:31
        std::__is_integer<_Tp> R 3:36
        std::__is_integer<_Tp>::__value R 3:55
        g::pro<_Tp, std::__is_integer<_Tp>::__value> R 4:60
        g::pro<_Tp, std::__is_integer<_Tp>::__value>::__type R 4:70
        _Up R 4:64
        _Up R 3:49
        std R 3:31
        std::__is_integer<_Up> R 3:36
        std::__is_integer<_Up>::__value R 3:55
        g::pro<_Up, std::__is_integer<_Up>::__value> R 4:60
        g::pro<_Up, std::__is_integer<_Up>::__value>::__type R 4:70
        g::pro_t<_Tp, _Up> R 5:56
        g::pro_t<_Tp, _Up> R 3:49
        std R 3:31
        std::__is_integer<g::pro_t<_Tp, _Up>> R 3:36
        std::__is_integer<g::pro_t<_Tp, _Up>>::__value R 3:55
        g::pro<g::pro_t<_Tp, _Up>, std::__is_integer<g::pro_t<_Tp, _Up>>::__value> R 5:52
        g::pro_2 D 5:44
        _Tp D 7:19
        _Up D 7:33
        _Tp R 7:56
        _Up R 7:61
        g::pro_2<_Tp, _Up> T 5:44
        _Tp R 5:62
        _Up R 5:67
        g::pro_t<_Tp, _Up> T 4:33
        _Tp R 4:64
        _Tp R 3:49
        std R 3:31
        std::__is_integer<_Tp> R 3:36
        std::__is_integer<_Tp>::__value R 3:55
        _Tp R 3:49
        std R 3:31
        std::__is_integer<_Tp> R 3:36
        std::__is_integer<_Tp>::__value R 3:55
        g::pro<_Tp, std::__is_integer<_Tp>::__value> R 4:60
        g::pro<_Tp, std::__is_integer<_Tp>::__value>::__type R 4:70
        _Up R 4:64
        _Up R 3:49
        std R 3:31
        std::__is_integer<_Up> R 3:36
        std::__is_integer<_Up>::__value R 3:55
        g::pro<_Up, std::__is_integer<_Up>::__value> R 4:60
        g::pro<_Up, std::__is_integer<_Up>::__value>::__type R 4:70
        g::pro_t<_Tp, _Up> R 5:56
        g::pro_t<_Tp, _Up> R 3:49
        std R 3:31
        std::__is_integer<g::pro_t<_Tp, _Up>> R 3:36
        std::__is_integer<g::pro_t<_Tp, _Up>>::__value R 3:55
        g::pro<g::pro_t<_Tp, _Up>, std::__is_integer<g::pro_t<_Tp, _Up>>::__value> R 5:52
        g R 7:47
        g::pro_2<_Tp, _Up> R 7:50
        g::pro<g::pro_t<_Tp, _Up>, std::__is_integer<g::pro_t<_Tp, _Up>>::__value>::__type R 7:67
        _Tp R 7:80
        _Up R 7:85
        atan2 d 7:74
    "#]]
    .assert_eq(&log_of_from(text, 4));
}

#[test]
fn references_in_templates() {
    let text = "template <class T> struct X { typedef T type; X *self; X<T> *s2; };\n\
                template <class T> struct Y : X<T> { typename X<T>::type v; };\n\
                template <class T> struct X<T *> { T *p; };\n\
                template <class T> void g(T t, typename X<T>::type u);\n";
    expect![[r#"
        T D 1:17
        X D 1:27
        T R 1:39
        X<T>::type D 1:41
        X<T>::X R 1:47
        X<T>::self D 1:50
        T R 1:58
        X R 1:56
        X<T>::s2 D 1:62
        T D 2:17
        Y D 2:27
        T R 2:33
        X<T> R 2:31
        T R 2:33
        X<T> R 2:31
        T R 2:49
        X<T> R 2:47
        X<T>::type R 2:53
        Y<T>::v D 2:58
        T D 3:17
        T R 3:29
        T R 3:29
        X D 3:27
        T R 3:36
        X<T *>::p D 3:39
        T D 4:17
        T R 4:27
        T R 4:43
        X<T> R 4:41
        X<T>::type R 4:47
        g d 4:25
    "#]]
    .assert_eq(&log_of(text));
}

/// The `t` and `T` lines of the log of a fixture, `name kind line:col`, sorted: compared as a
/// multiset, as `cargo xtask diff-xref` does.
fn instantiation_lines(text: &str) -> String {
    let (db, file) = test_db::with_file(text);
    let map = syntax::LineMap::new(text);
    let mut lines: Vec<String> = log_lines_in(&db, file)
        .iter()
        .filter(|l| matches!(l.kind, 't' | 'T'))
        .map(|l| {
            let pos = map.position(l.offset);
            format!("{} {} {}:{}\n", l.name, l.kind, pos.line, pos.col)
        })
        .collect();
    lines.sort();
    lines.concat()
}

/// Instantiation lines (checked against cudafe++ 13.0.88 on this fixture): a completed class
/// instance logs `t` and `T` at the primary template's name (a partial specialization's
/// instance too); a function template instance a call creates logs `t` at the template's name,
/// and `T` there too when its body is instantiated (`constexpr`). cudafe++ also logs
/// `A<float> t` for an instance only named (`A<float> *p`), which cufe does not yet.
#[test]
fn instantiation_lines_of_class_and_function_instances() {
    let text = "template <class T> struct A { T x; };\n\
                template <class T> struct A<T *> { T y; };\n\
                template <class T> constexpr T twice(T v) { return v + v; }\n\
                template <class T> T plain(T v) { return v; }\n\
                A<int> a;\n\
                A<char *> b;\n\
                A<float> *p;\n\
                int f() { return twice(2) + plain(3L) + plain(4L); }\n";
    expect![[r#"
        A<char *> T 1:27
        A<char *> t 1:27
        A<int> T 1:27
        A<int> t 1:27
        plain t 4:22
        twice T 3:32
        twice t 3:32
    "#]]
    .assert_eq(&instantiation_lines(text));
}

/// Explicit instantiation definitions (checked against cudafe++ 13.0.88 on this fixture): a
/// class's logs `t` and `T` at the primary's name, then at the end of the unit `T` for each
/// member function defined (in or out of the class); a function template's logs `t` at the
/// directive and `T` at the end, both at the template's name. cudafe++ also logs `T` for the
/// member defined out of the class (`A<double>::g T 2:31`) and the static data member's
/// definition (`A<double>::s T 3:30`), which cufe does not yet.
#[test]
fn instantiation_lines_of_explicit_instantiations() {
    let text = "template <class T> struct A { T x; void f() { x = 0; } void g(); static int s; };\n\
                template <class T> void A<T>::g() {}\n\
                template <class T> int A<T>::s = 1;\n\
                template struct A<double>;\n\
                template <class T> T h(T v) { return v; }\n\
                template int h<int>(int);\n";
    expect![[r#"
        A<double> T 1:27
        A<double> t 1:27
        A<double>::f T 1:41
        h T 5:22
        h t 5:22
    "#]]
    .assert_eq(&instantiation_lines(text));
}

/// Members of class template instances whose bodies are instantiated (checked against
/// cudafe++ 13.0.88 on this fixture): a `constexpr` static member called by qualified name
/// (`g::tr<char>::eq`), or from another member's instantiated body (`eq` in `find`), logs `T`
/// under the instance's name at its definition's name, in the class or out of it; a plain
/// member (`plain`) is not instantiated. (The fixture's lines start at column 1 here; in the
/// probe given to cudafe++ the class's members were indented by two, `eq T 4:25`.) Which member is called and with which binding is the
/// semantic model's (`Callee::class_instance`, `infer_member_instance`).
#[test]
fn instantiation_lines_of_members_of_class_instances() {
    let text = "namespace g {\n\
                template <class C> struct tr {\n\
                  typedef C char_type;\n\
                  static constexpr bool eq(const char_type& a, const char_type& b) { bool r = a == b; return r; }\n\
                  static constexpr const char_type* find(const char_type* s, unsigned long n, const char_type& c);\n\
                  static int plain(int q) { int z = q; return z; }\n\
                };\n\
                template <class C>\n\
                constexpr const typename tr<C>::char_type* tr<C>::find(const char_type* s, unsigned long n, const char_type& c) {\n\
                  for (unsigned long i = 0; i < n; ++i) if (eq(s[i], c)) return s + i;\n\
                  return 0;\n\
                }\n\
                }\n\
                int use(const char *p, unsigned long k, char v) {\n\
                  bool e = g::tr<char>::eq(*p, v);\n\
                  g::tr<char>::plain(1);\n\
                  return g::tr<char>::find(p, k, v) != 0;\n\
                }\n";
    expect![[r#"
        g::tr<char> T 2:27
        g::tr<char> t 2:27
        g::tr<char>::eq T 4:23
        g::tr<char>::find T 9:51
    "#]]
    .assert_eq(&instantiation_lines(text));
}

/// A template-id of a class template whose non-type parameter is typed by one of its type
/// parameters logs that type again where the parameter is declared, bound to the argument:
/// `<unnamed>` for a builtin type, a template parameter by its name; each time it is written
/// (cudafe++'s lines, measured; in the walk's order: cudafe++ writes `U R 1:23` before `w R`).
#[test]
fn non_type_parameters_typed_by_a_type_parameter() {
    let text = "template <typename T, T v> struct ic { static const T value; };\n\
                typedef ic<bool, true> tt;\n\
                typedef ic<bool, true> tt2;\n\
                template <typename U, U w> struct X { typedef ic<U, w> a; typedef ic<int, w> c; };\n";
    expect![[r#"
        T D 1:20
        T R 1:23
        v D 1:25
        ic D 1:35
        T R 1:53
        ic<T, v>::value d 1:55
        <unnamed> R 1:23
        ic<bool, true> R 2:9
        tt D 2:24
        <unnamed> R 1:23
        ic<bool, true> R 3:9
        tt2 D 3:24
        U D 4:20
        U R 4:23
        w D 4:25
        X D 4:35
        U R 4:50
        w R 4:53
        U R 1:23
        ic<U, w> R 4:47
        X<U, w>::a D 4:56
        w R 4:75
        <unnamed> R 1:23
        ic<int, w> R 4:67
        X<U, w>::c D 4:78
    "#]]
    .assert_eq(&log_of(text));
}

/// Dependent class template-ids with non-type arguments: a name (`N`, a member of a
/// dependent template-id) prints as written, any other expression as `<expression>`
/// (cudafe++'s lines, measured). Not yet: a parenthesized one (`(N > 1)`, which cudafe++
/// logs as `en<<expression>, int> R 5:27` and `...::type R 5:45`).
#[test]
fn dependent_template_ids_with_expression_arguments() {
    let text = "template <typename T> struct is_int { static const bool value = false; };\n\
                template <bool B, typename T> struct en { typedef T type; };\n\
                template <typename T> typename en<sizeof(T) == 2, int>::type h1(T t);\n\
                template <typename T> typename en<is_int<T>::value, int>::type h2(T t);\n\
                template <int N> typename en<(N > 1), int>::type h3();\n";
    expect![[r#"
        T D 3:20
        T R 3:42
        en<<expression>, int> R 3:32
        en<<expression>, int>::type R 3:57
        T R 3:65
        h1 d 3:62
        T D 4:20
        T R 4:42
        is_int<T> R 4:35
        is_int<T>::value R 4:46
        en<is_int<T>::value, int> R 4:32
        en<is_int<T>::value, int>::type R 4:59
        T R 4:67
        h2 d 4:64
        N D 5:15
        N R 5:31
        h3 d 5:50
    "#]]
    .assert_eq(&log_of_from(text, 3));
}
