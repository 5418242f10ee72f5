//! References declarations make to members of dependent names and to the parameters of
//! dependent template-ids (cudafe++'s lines for the fixtures below, measured; in the walk's
//! order within a declaration where it differs from EDG's; `docs/arch/xref.md`, "Whole units:
//! R lines outside bodies, seventeenth session").
use expect_test::expect;

use super::log_of_from;

/// A member template of a dependent qualifier named with arguments (`typename
/// __conditional<_Cond>::template type<_If, _Else>`) is logged as written, in the alias's
/// definition and again in each specialization of the alias, its arguments substituted.
#[test]
fn member_templates_of_dependent_qualifiers() {
    let text = "namespace std {\n\
                template <bool> struct __conditional { template <typename _Tp, typename> using type = _Tp; };\n\
                template <> struct __conditional<false> { template <typename, typename _Up> using type = _Up; };\n\
                template <bool _Cond, typename _If, typename _Else>\n\
                using __conditional_t = typename __conditional<_Cond>::template type<_If, _Else>;\n\
                template <typename _T, typename _U> struct usr { typedef __conditional_t<sizeof(_T) == 2, _T, _U> type; };\n\
                }\n";
    expect![[r#"
        _Cond D 4:16
        _If D 4:32
        _Else D 4:46
        _Cond R 5:48
        _If R 5:70
        _Else R 5:75
        std::__conditional<_Cond> R 5:34
        std::__conditional<_Cond>::type<_If, _Else> R 5:65
        std::__conditional_t D 5:7
        _T D 6:20
        _U D 6:33
        std::usr D 6:44
        _T R 6:81
        _T R 6:91
        _U R 6:95
        std::__conditional_t<<expression>, _T, _U> T 5:7
        <unnamed> R 5:48
        _T R 5:70
        _U R 5:75
        std::__conditional<<expression>> R 5:34
        std::__conditional<<expression>>::type<_T, _U> R 5:65
        std::__conditional_t<<expression>, _T, _U> R 6:58
        std::usr<_T, _U>::type D 6:99
    "#]]
    .assert_eq(&log_of_from(text, 4));
}

/// A dependent class template-id that leaves out a non-type parameter whose type names the
/// parameters (`enable_if_t<sentinel_for<_Sent, _Iter>, int> = 0`, libcu++'s `subrange`) logs
/// that type's references again, its parameters bound to the arguments.
#[test]
fn omitted_non_type_parameters_log_their_types_again() {
    let text = "template <bool B, class T = int> struct en { typedef T type; };\n\
                template <class _Tp, class _Up = _Tp, typename en<sizeof(_Up) == 4, int>::type = 0> struct sub {};\n\
                template <class _Tp> struct us { typedef sub<_Tp> type; };\n";
    expect![[r#"
        _Tp D 3:17
        us D 3:29
        _Tp R 3:46
        _Tp R 2:34
        _Tp R 2:58
        en<<expression>, int> R 2:48
        en<<expression>, int>::type R 2:75
        sub<_Tp, _Tp, 0> R 3:42
        us<_Tp>::type D 3:51
    "#]]
    .assert_eq(&log_of_from(text, 3));
}

/// An alias template's specialization with an argument that names a member of a template
/// parameter (`_B1::value`, printed as written) logs its `T` line and the alias's type again.
#[test]
fn alias_specializations_with_members_of_parameters() {
    let text = "template <bool B, class T, class F> struct cond { typedef T type; };\n\
                template <bool _Cond, class _If, class _Else> using cond_t = typename cond<_Cond, _If, _Else>::type;\n\
                template <class _B1, class _B2> struct or_ : cond_t<_B1::value, _B1, _B2> {};\n";
    expect![[r#"
        _B1 D 3:17
        _B2 D 3:28
        or_ D 3:40
        _B1 R 3:53
        _B1::value R 3:58
        _B1 R 3:65
        _B2 R 3:70
        cond_t<_B1::value, _B1, _B2> T 2:53
        <unnamed> R 2:76
        _B1 R 2:83
        _B2 R 2:88
        cond<_B1::value, _B1, _B2> R 2:71
        cond<_B1::value, _B1, _B2>::type R 2:96
        cond_t<_B1::value, _B1, _B2> R 3:46
        _B1 R 3:53
        _B1::value R 3:58
        _B1 R 3:65
        _B2 R 3:70
        cond_t<_B1::value, _B1, _B2> R 3:46
    "#]]
    .assert_eq(&log_of_from(text, 3));
}

/// An argument that names a member of a class template-id of such arguments
/// (`is_c<_Iter, _It>::value`, qualified as written) makes an alias specialization with its
/// `T` block; one that names a member of the current instantiation (`cur<_A>::type::value`,
/// which EDG resolves to `_A::value`: `_A::value R 6:79` and `en_t<_A::value, _A>`'s block in
/// cudafe++'s log) logs none yet.
#[test]
fn alias_specializations_with_members_of_template_ids() {
    let text = "namespace std {\n\
                template <class A, class B> struct is_c { static constexpr bool value = true; };\n\
                template <bool B, class T = void> struct en { typedef T type; };\n\
                template <bool B, class T = void> using en_t = typename en<B, T>::type;\n\
                template <class _It> struct nit { template <class _Iter> using conv = en_t<is_c<_Iter, _It>::value>; };\n\
                template <class _A> struct cur { typedef _A type; typedef en_t<cur<_A>::type::value, _A> t2; };\n\
                }\n";
    expect![[r#"
        _It D 5:17
        std::nit D 5:29
        _Iter D 5:51
        _Iter R 5:81
        _It R 5:88
        std::is_c<_Iter, _It> R 5:76
        std::is_c<_Iter, _It>::value R 5:94
        std::en_t<std::is_c<_Iter, _It>::value, void> T 4:41
        <unnamed> R 4:60
        <unnamed> R 4:63
        std::en<std::is_c<_Iter, _It>::value, void> R 4:57
        std::en<std::is_c<_Iter, _It>::value, void>::type R 4:67
        std::en_t<std::is_c<_Iter, _It>::value, void> R 5:71
        std::nit<_It>::conv D 5:64
        _A D 6:17
        std::cur D 6:28
        _A R 6:42
        std::cur<_A>::type D 6:45
        _A R 6:68
        std::cur R 6:64
        std::cur<_A>::type R 6:73
        _A R 6:86
        std::cur<_A>::t2 D 6:90
    "#]]
    .assert_eq(&log_of_from(text, 5));
}
